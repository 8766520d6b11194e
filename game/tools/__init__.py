"""Command-line tools for maintainers: benches, autoplay and the layout walk (`market-hall ...`)."""
