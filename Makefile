# make build | make install [PREFIX=/usr/local] | make uninstall | make release-archive
PREFIX ?= /usr/local
BINDIR = $(PREFIX)/bin
COMPLETIONS = $(PREFIX)/share
BUILD = swift build -c release --product modeldiff

.PHONY: build install uninstall release-archive

build:
	$(BUILD)

install: build
	install -d "$(BINDIR)" "$(COMPLETIONS)/bash-completion/completions" "$(COMPLETIONS)/zsh/site-functions" "$(COMPLETIONS)/fish/vendor_completions.d"
	install -m 755 "$$($(BUILD) --show-bin-path)/modeldiff" "$(BINDIR)/modeldiff"
	"$(BINDIR)/modeldiff" --generate-completion-script bash > "$(COMPLETIONS)/bash-completion/completions/modeldiff"
	"$(BINDIR)/modeldiff" --generate-completion-script zsh > "$(COMPLETIONS)/zsh/site-functions/_modeldiff"
	"$(BINDIR)/modeldiff" --generate-completion-script fish > "$(COMPLETIONS)/fish/vendor_completions.d/modeldiff.fish"

uninstall:
	rm -f "$(BINDIR)/modeldiff" "$(COMPLETIONS)/bash-completion/completions/modeldiff" "$(COMPLETIONS)/zsh/site-functions/_modeldiff" "$(COMPLETIONS)/fish/vendor_completions.d/modeldiff.fish"

release-archive:
	Scripts/release-archive.sh
