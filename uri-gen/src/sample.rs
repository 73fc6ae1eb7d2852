//! Sampling strings from a grammar: members of a rule's language and near misses.
