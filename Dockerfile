# Multi-stage: build a virtualenv holding the bot and its dependencies, then copy only it
# into a slim runtime image that runs as an unprivileged user with the database on a volume.

FROM python:3.11-slim AS build
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /src
COPY pyproject.toml README.md ./
COPY engine ./engine
COPY render ./render
COPY bot ./bot
# The venv gets no pip or setuptools of its own (26 MB the bot never uses): the base
# image's pip installs into it.  Its python is a link to /usr/local/bin/python3.11, which
# the runtime stage has too (the same base image), so the copied venv runs there as is.
RUN python -m venv --without-pip /opt/venv \
    && pip --python /opt/venv/bin/python install .

FROM python:3.11-slim AS runtime
ENV PATH=/opt/venv/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    PYTHONDONTWRITEBYTECODE=1 \
    BRADE_DB=/data/brade.sqlite3
# libfribidi lets Pillow's bundled libraqm lay out right-to-left names (Hebrew, Arabic), and
# render.bidi place a name's runs in different fonts with it (without it: python-bidi)
RUN apt-get update && apt-get install -y --no-install-recommends libfribidi0 \
    && rm -rf /var/lib/apt/lists/*
# A fixed uid and gid (10001), so a host folder mounted on /data can be prepared for it:
# chown 10001:10001 <folder>.
RUN groupadd --gid 10001 brade \
    && useradd --uid 10001 --gid 10001 --no-create-home --home-dir /data \
        --shell /usr/sbin/nologin brade \
    && mkdir -p /data && chown 10001:10001 /data
COPY --from=build /opt/venv /opt/venv
USER 10001:10001
WORKDIR /data
VOLUME ["/data"]
# DISCORD_TOKEN must be passed at run time (docker run -e DISCORD_TOKEN=...); never baked in.
CMD ["python", "-m", "bot"]
