# Start a private PostgreSQL cluster on a free loopback port and export TEST_POSTGRES_URL.
# Sourced by .ci/run; also usable by hand: `. .ci/postgres.sh && start_postgres`.
start_postgres() {
  local bin
  bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
    if [ "$(id -u)" = 0 ]; then
      export DEBIAN_FRONTEND=noninteractive
      apt-get update -qq >/dev/null
      apt-get install -y -qq postgresql >/dev/null
      bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
    else
      echo "PostgreSQL is not installed and we are not root: PostgreSQL tests will be skipped" >&2
      return 0
    fi
  fi
  local run_as=()
  if [ "$(id -u)" = 0 ]; then
    id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
    run_as=(runuser -u postgres --)
  fi
  local port
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  PGDATA_DIR=$(mktemp -d /tmp/shengji-pg.XXXXXX)
  [ "$(id -u)" = 0 ] && chown postgres "$PGDATA_DIR"
  "${run_as[@]}" "$bin/initdb" -D "$PGDATA_DIR" -A trust -U postgres -E UTF8 >/dev/null
  "${run_as[@]}" "$bin/pg_ctl" -D "$PGDATA_DIR" -l "$PGDATA_DIR/log" -w \
    -o "-p $port -k $PGDATA_DIR -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null
  "${run_as[@]}" "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres shengji_test
  export TEST_POSTGRES_URL="postgresql+asyncpg://postgres@127.0.0.1:$port/shengji_test"
  export PG_BIN="$bin" PGDATA_DIR
  trap 'stop_postgres' EXIT
  echo "PostgreSQL running for the tests: $TEST_POSTGRES_URL"
}

stop_postgres() {
  if [ -n "${PGDATA_DIR:-}" ] && [ -d "$PGDATA_DIR" ]; then
    if [ "$(id -u)" = 0 ]; then
      runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$PGDATA_DIR" -m fast -w stop >/dev/null 2>&1 || true
    else
      "$PG_BIN/pg_ctl" -D "$PGDATA_DIR" -m fast -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$PGDATA_DIR"
  fi
}
