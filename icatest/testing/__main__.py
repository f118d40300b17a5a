"""`python -m icatest.testing --port P --latency-ms 300 --replies MOD:FN`: a FakeOpenAI process.

(The entry lives here rather than in fake_openai.py because the package imports that module, and
`python -m` on an already imported module runs it twice.)
"""

from icatest.testing.fake_openai import main

if __name__ == "__main__":
    main()
