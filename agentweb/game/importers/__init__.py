"""Importers for real game data: minecraft-data JSON and FTB Quests SNBT."""
