# The cardroom as a container image: `holdem serve` on port 8000, for compose.yaml (or any
# container host). Build: docker build -t holdem-cardroom .
# Arguments after the image name go to holdem serve (--database, --allowed-host, ...).

# A compiler builds the evaluator's C extension; the image that runs has none.
FROM python:3.11-slim AS build
RUN apt-get update \
    && apt-get install -y --no-install-recommends gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY pyproject.toml README.md ./
COPY src ./src
RUN pip wheel --no-cache-dir --wheel-dir /wheels .

FROM python:3.11-slim
COPY --from=build /wheels /wheels
RUN pip install --no-cache-dir /wheels/*.whl && rm -rf /wheels \
    && useradd --create-home --uid 10001 holdem
USER holdem
ENV PYTHONUNBUFFERED=1 \
    HOLDEM_CACHE_DIR=/home/holdem/.cache/holdem
EXPOSE 8000
HEALTHCHECK --interval=10s --timeout=3s --start-period=90s \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/api/tables', timeout=2)"]
ENTRYPOINT ["holdem", "serve", "--host", "0.0.0.0", "--port", "8000"]
