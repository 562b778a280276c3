"""The game world: items and where they come from, FTB quests, the knowledge
base and player profiles, plus the importers that load real data into them."""
