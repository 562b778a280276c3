"""The game-server bridge: account links, the game API for plugins, RCON delivery."""
