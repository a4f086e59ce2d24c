# cython: language_level=3
"""The race games' shared compiled rules are inline functions (race_rules.pxd);
this module gives their constants to the Python side."""
