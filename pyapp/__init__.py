"""Castaway Referee: the rules core for the rule of unfulfilled demand, and its shells."""
