"""The browser tests (see conftest.py): a package, so that its conftest has a name of its own."""
