# vmrepl on a Mac: a Linux container from the official Swift 6.3 image for Debian 12. vmrepl's
# runtime rewrites ELF import slots and has been run on x86_64 Linux only, so the image is pinned to
# linux/amd64 (Docker Desktop emulates it on Apple silicon). docs/guide/on-a-mac.md says how to use
# it and what `scripts/check-container` ran of it (the same steps on Debian 12 with podman).
#
#   docker build --platform linux/amd64 -t vmrepl .
#   mkdir -p ~/Code/MyApp-vmrepl
#   docker run --rm -it --platform linux/amd64 --hostname vmrepl -v ~/Code/MyApp:/app:ro \
#     -v ~/Code/MyApp-vmrepl:/app-vmrepl -v vmrepl-build:/vmrepl/.build vmrepl
#   (inside) vmrepl adopt /app && ./repl
FROM --platform=linux/amd64 swift:6.3-bookworm
WORKDIR /vmrepl
COPY . .
# vmrepl's products on PATH; SwiftPM's and clang's caches in the build folder, so that a volume
# there keeps them: a new container then starts ./repl in a second instead of five (with
# --hostname fixed: SwiftPM plans the build again when the environment, HOSTNAME included, differs).
ENV PATH="/vmrepl/.build/debug:${PATH}" VMREPL_BUILD_PATH="/vmrepl/.build" XDG_CACHE_HOME="/vmrepl/.build/cache"
# The same command as .devcontainer/devcontainer.json's postCreateCommand (a test checks it):
# what vmrepl needs beyond Swift, then `vmrepl` and `vmrepl-adopt`, whose modules every adopted
# package shares through VMREPL_BUILD_PATH instead of compiling them again.
RUN scripts/setup && swift build --product vmrepl && swift build --product vmrepl-adopt
# `vmrepl adopt /app` writes /app-vmrepl: mount a folder of yours there to keep the package.
WORKDIR /app-vmrepl
CMD ["bash"]
