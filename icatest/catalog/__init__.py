"""Named data: strategies, personas, seed pools and contexts, loaded from data folders."""

from icatest.catalog.loader import Catalog, load_catalog

__all__ = ["Catalog", "load_catalog"]
