"""The ledger: card policy, the drafted card ledger and the director's decisions."""
