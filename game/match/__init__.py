"""A match as the table scenes see it: the `Table` interface and its local implementation."""
