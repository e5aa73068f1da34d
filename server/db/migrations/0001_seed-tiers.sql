-- The 12 achievement tiers of the specification (section 9). Thresholds are edited later, never the set.
INSERT INTO "tier_settings" ("id", "name", "color", "threshold", "rewards", "tier_order") VALUES
  (1, 'Starter', '#64748b', 5000.00, 'Coming Soon', 1),
  (2, 'Bronze', '#b45309', 10000.00, 'Coming Soon', 2),
  (3, 'Silver', '#94a3b8', 20000.00, 'Coming Soon', 3),
  (4, 'Gold', '#eab308', 35000.00, 'Coming Soon', 4),
  (5, 'Platinum', '#a5b4fc', 50000.00, 'Coming Soon', 5),
  (6, 'Ruby', '#e11d48', 75000.00, 'Coming Soon', 6),
  (7, 'Emerald', '#059669', 100000.00, 'Coming Soon', 7),
  (8, 'Sapphire', '#2563eb', 150000.00, 'Coming Soon', 8),
  (9, 'Diamond', '#22d3ee', 200000.00, 'Coming Soon', 9),
  (10, 'Master', '#7c3aed', 300000.00, 'Coming Soon', 10),
  (11, 'Grandmaster', '#dc2626', 500000.00, 'Coming Soon', 11),
  (12, 'Legend', '#f59e0b', 1000000.00, 'Coming Soon', 12);
