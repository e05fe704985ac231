# syntax=docker/dockerfile:1
# Multi-stage: build a wheel-complete virtualenv, then copy only it into a slim runtime
# image that runs as an unprivileged user with the database on a volume.

FROM python:3.11-slim AS build
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /src
RUN python -m venv /opt/venv
ENV PATH=/opt/venv/bin:$PATH
COPY pyproject.toml README.md ./
COPY engine ./engine
COPY render ./render
COPY bot ./bot
RUN pip install .

FROM python:3.11-slim AS runtime
ENV PATH=/opt/venv/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    PYTHONDONTWRITEBYTECODE=1 \
    BRADE_DB=/data/brade.sqlite3
# libfribidi lets Pillow's bundled libraqm lay out right-to-left names (Hebrew, Arabic), and
# render.bidi place a name's runs in different fonts with it (without it: python-bidi)
RUN apt-get update && apt-get install -y --no-install-recommends libfribidi0 \
    && rm -rf /var/lib/apt/lists/*
RUN groupadd --system brade && useradd --system --gid brade --home-dir /data brade \
    && mkdir -p /data && chown brade:brade /data
COPY --from=build /opt/venv /opt/venv
USER brade
WORKDIR /data
VOLUME ["/data"]
# DISCORD_TOKEN must be passed at run time (docker run -e DISCORD_TOKEN=...); never baked in.
CMD ["python", "-m", "bot"]
