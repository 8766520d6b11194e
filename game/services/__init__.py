"""Services the app leans on: settings, saves, files, paths, assets, audio and memory."""
