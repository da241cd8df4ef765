"""Adapters to other libraries' interfaces: optional, each behind its own extra.

The core never imports them. Each module imports the library it adapts to, so importing
``cardgames.integrations.pettingzoo`` needs ``pip install "python-cardgames[pettingzoo]"``:

* :mod:`cardgames.integrations.pettingzoo`: an AEC environment of every game (extra
  ``pettingzoo``);
* :mod:`cardgames.integrations.gymnasium`: one seat learns while given agents play the others
  (extra ``gymnasium``);
* :mod:`cardgames.integrations.openspiel`: every game registered as an OpenSpiel Python game
  (extra ``openspiel``), its deals as chance nodes.

They share one reading of a game as an environment: a match is an episode (cut after
``max_hands`` hands, one unless told), the deals are chance and happen by themselves, an action
is one index of the game's encoding (a move of several actions takes several steps), and a
seat's reward is the change in its :meth:`~cardgames.game.Game.returns`.
"""
