# make build | make install [PREFIX=/usr/local] | make uninstall | make release-archive | make manual
PREFIX ?= /usr/local
BINDIR = $(PREFIX)/bin
COMPLETIONS = $(PREFIX)/share
MANDIR = $(PREFIX)/share/man/man1
BUILD = swift build -c release --product modeldiff

.PHONY: build install uninstall release-archive manual

build:
	$(BUILD)

install: build
	install -d "$(BINDIR)" "$(MANDIR)" "$(COMPLETIONS)/bash-completion/completions" "$(COMPLETIONS)/zsh/site-functions" "$(COMPLETIONS)/fish/vendor_completions.d"
	install -m 755 "$$($(BUILD) --show-bin-path)/modeldiff" "$(BINDIR)/modeldiff"
	install -m 644 docs/man/modeldiff.1 "$(MANDIR)/modeldiff.1"
	"$(BINDIR)/modeldiff" --generate-completion-script bash > "$(COMPLETIONS)/bash-completion/completions/modeldiff"
	"$(BINDIR)/modeldiff" --generate-completion-script zsh > "$(COMPLETIONS)/zsh/site-functions/_modeldiff"
	"$(BINDIR)/modeldiff" --generate-completion-script fish > "$(COMPLETIONS)/fish/vendor_completions.d/modeldiff.fish"

uninstall:
	rm -f "$(BINDIR)/modeldiff" "$(MANDIR)/modeldiff.1" "$(COMPLETIONS)/bash-completion/completions/modeldiff" "$(COMPLETIONS)/zsh/site-functions/_modeldiff" "$(COMPLETIONS)/fish/vendor_completions.d/modeldiff.fish"

release-archive:
	Scripts/release-archive.sh

# Regenerates docs/man/modeldiff.1 from the argument parser (commit the result); the fixed date keeps
# regeneration byte-stable, so the diff shows only what the commands changed.
manual:
	swift package plugin generate-manual --configuration debug --date 2026-01-01
	cp .build/plugins/GenerateManual/outputs/modeldiff/modeldiff.1 docs/man/modeldiff.1
