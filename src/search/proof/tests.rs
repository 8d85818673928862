//! Proof-number searches against alpha-beta's proven values.
