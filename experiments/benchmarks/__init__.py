"""Performance benchmarks of the campaign layer (`icatest bench`)."""
