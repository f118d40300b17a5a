"""LoCar: localization-aware evaluation of in-car assistants (KPIs and Korean speech levels)."""
