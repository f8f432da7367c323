package app

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

const contentUsage = `Usage:
  spdc content export FILE [flags]   write the site's content (settings, every collection, media inline) to FILE
  spdc content import FILE [flags]   replace the site's content with FILE's, in one transaction

An import checks every record first: a file with any problem is refused
and nothing changes.
`

// contentCommand runs `spdc content export|import FILE`.
func contentCommand(ctx context.Context, args []string, env Env) error {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprint(env.Stdout, contentUsage)
		if len(args) == 0 {
			return errors.New("content needs a subcommand: export or import")
		}
		return nil
	}
	sub, rest := args[0], args[1:]
	if sub != "export" && sub != "import" {
		return fmt.Errorf("content: unknown subcommand %q (export or import)", sub)
	}
	var file string
	if len(rest) > 0 && !strings.HasPrefix(rest[0], "-") {
		file, rest = rest[0], rest[1:]
	}
	cfg, err := loadConfig("content "+sub, rest, env, "FILE ")
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(env.Stdout, contentUsage)
		}
		return err
	}
	if file == "" {
		return fmt.Errorf("content %s needs a FILE argument: spdc content %s FILE", sub, sub)
	}
	if sub == "import" {
		f, err := os.Open(file)
		if err != nil {
			return fmt.Errorf("content import: %w", err)
		}
		defer f.Close()
		st, err := openStore(ctx, cfg)
		if err != nil {
			return err
		}
		defer st.Close()
		items, media, err := st.ImportContent(ctx, f)
		if err != nil {
			return fmt.Errorf("content import %s: %w", file, err)
		}
		fmt.Fprintf(env.Stdout, "imported the settings, %d item(s) and %d media file(s) from %s\n", items, media, file)
		return nil
	}
	st, err := openStore(ctx, cfg)
	if err != nil {
		return err
	}
	defer st.Close()
	// Written beside FILE and renamed over it once complete, so a failed
	// export never leaves half a file under the name.
	tmp, err := os.CreateTemp(filepath.Dir(file), ".spdc-content-*")
	if err != nil {
		return fmt.Errorf("content export: %w", err)
	}
	defer os.Remove(tmp.Name())
	if err := st.ExportContent(ctx, tmp); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("content export: %w", err)
	}
	if err := os.Rename(tmp.Name(), file); err != nil {
		return fmt.Errorf("content export: %w", err)
	}
	fmt.Fprintf(env.Stdout, "exported the site's content to %s\n", file)
	return nil
}
