# vmrepl on a Mac: a Linux container from the official Swift 6.3 image. vmrepl's runtime rewrites
# ELF import slots and has been run on x86_64 Linux only, so the image is pinned to linux/amd64
# (Docker Desktop runs it under emulation on Apple silicon).
#
# Not run on vmrepl's own machines, which have no container engine: its steps are the scripts
# `scripts/test` runs, and Tests/VMReplTests/ContainerFilesTests.swift checks that they still are.
#
#   docker build --platform linux/amd64 -t vmrepl .
#   docker run --rm -it --platform linux/amd64 -v "$PWD/../MyApp:/app" vmrepl
#   (inside) vmrepl adopt /app --output /work/MyApp-vmrepl
FROM --platform=linux/amd64 swift:6.3
WORKDIR /vmrepl
COPY . .
RUN scripts/setup
RUN swift build --product vmrepl
ENV PATH="/vmrepl/.build/debug:${PATH}"
CMD ["bash"]
