"""Roll for Adventure (KOSMOS 2018): the co-operative dice game as a pure game kind."""
