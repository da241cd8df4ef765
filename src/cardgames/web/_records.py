"""The records folder: one JSON file per table, or a plain game record, by name.

A name is a short run of lower-case letters, digits, ``-`` and ``_``; the file is the name plus
``.json``, directly inside the folder. Nothing a client sends can name another file.
"""

from __future__ import annotations

import json
import os
import pathlib
import re
import tempfile
from typing import Final

from cardgames import codec, errors
from cardgames.web import _tables as tables

MAX_BYTES: Final = 4_000_000
"""The largest record file the server reads."""

_NAME: Final = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")


def check_name(name: object) -> str:
    """Return a record's name if it names a file inside the folder, or raise.

    Raises:
        RulesError: If the name is not 1 to 64 lower-case letters, digits, ``-`` and ``_``
            (a letter or digit first), so that it cannot climb out with ``..`` or ``/``.

    Example:
        >>> check_name("kalter-schlag-0a1b")
        'kalter-schlag-0a1b'
        >>> check_name("../etc/passwd")
        Traceback (most recent call last):
        ...
        cardgames.errors.RulesError: no record is named '../etc/passwd': a record's name is ...
    """
    if not isinstance(name, str) or _NAME.fullmatch(name) is None:
        raise errors.RulesError(
            f"no record is named {errors.quote(name)}: a record's name is 1 to 64 lower-case "
            "letters, digits, '-' and '_', starting with a letter or digit"
        )
    return name


def path_of(folder: pathlib.Path, name: object) -> pathlib.Path:
    """Return the file of a record's name, checked to lie directly in the folder.

    Raises:
        RulesError: As :func:`check_name`.
    """
    path = folder / f"{check_name(name)}.json"
    if path.resolve().parent != folder.resolve():
        raise errors.RulesError(f"the record {name!r} is not in the records folder")
    return path


def save(folder: pathlib.Path, table: tables.Table) -> None:
    """Write a table's file whole (a new file, then renamed over the old one)."""
    path = path_of(folder, table.name)
    text = json.dumps(tables.saved(table), ensure_ascii=False)
    handle, scratch = tempfile.mkstemp(dir=folder, prefix=".saving-", suffix=".json")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
        pathlib.Path(scratch).replace(path)
    except BaseException:
        pathlib.Path(scratch).unlink(missing_ok=True)
        raise


def read(folder: pathlib.Path, name: object) -> tuple[codec.GameRecord, dict[str, object] | None]:
    """Return a saved record, and the table's other fields if it is a table's file.

    Raises:
        RulesError: If the name is bad or no such record exists.
        DecodeError: If the file is no record (too large, not JSON, a bad record).
    """
    path = path_of(folder, name)
    try:
        with path.open("rb") as file:
            data = file.read(MAX_BYTES + 1)
    except OSError:
        raise errors.RulesError(f"there is no record named {errors.quote(name)}") from None
    if len(data) > MAX_BYTES:
        raise errors.DecodeError(f"{path.name}: larger than {MAX_BYTES:,} bytes")
    try:
        parsed = json.loads(data)
    except (ValueError, RecursionError) as error:
        raise errors.DecodeError(f"{path.name}: not JSON: {error}") from None
    if isinstance(parsed, dict) and set(parsed) == {"record", "seats", "tokens"}:
        return codec.decode_record(parsed["record"]), parsed
    return codec.decode_record(parsed), None


def load_tables(folder: pathlib.Path) -> dict[str, tables.Table]:
    """Return every table saved in the folder by name; files that are no table are left alone."""
    found: dict[str, tables.Table] = {}
    for path in sorted(folder.glob("*.json")):
        if _NAME.fullmatch(path.stem) is None:
            continue
        try:
            game_record, fields = read(folder, path.stem)
            if fields is not None:
                found[path.stem] = tables.restore(
                    path.stem, game_record, fields["seats"], fields["tokens"]
                )
        except errors.CardgamesError:
            continue
    return found


def names(folder: pathlib.Path) -> list[str]:
    """Return the names of the folder's record files, in order."""
    return sorted(
        path.stem for path in folder.glob("*.json") if _NAME.fullmatch(path.stem) is not None
    )
