# The image deploy/k8s/sweep-job.yaml runs: nodeprof on the PATH, nothing else.
#   docker build -t nodeprof:latest .
# (then push it where the cluster pulls from, and name that image in the job file).
# Built for x86-64-v3 like every build (.cargo/config.toml); the counts do not depend on it.
FROM rust:1-slim-bookworm AS build
WORKDIR /src
COPY . .
RUN cargo build --release --locked --bin nodeprof \
 && strip target/release/nodeprof

FROM debian:bookworm-slim
COPY --from=build /src/target/release/nodeprof /usr/local/bin/nodeprof
ENTRYPOINT ["nodeprof"]
