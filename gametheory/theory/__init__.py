"""Game theory: normal (strategic), extensive and coalitional forms of a game."""
