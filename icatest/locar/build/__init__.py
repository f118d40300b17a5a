"""KPI dataset construction: manuals and taxonomies -> multi-turn, speech-level-augmented sets."""
