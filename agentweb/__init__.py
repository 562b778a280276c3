"""agentweb: an assistant for modded Minecraft servers, built on Django and Channels."""
