package app

import (
	"context"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"spdc/internal/config"
	"spdc/internal/demo"
)

// demoCommand runs `spdc demo`: it loads the clearly marked example
// people and pictures into the database of a demo data directory. It
// refuses any other database, so a real site's data never gets them;
// `make demo` runs it on ./data-demo, and `spdc serve` never loads them.
func demoCommand(ctx context.Context, args []string, env Env) error {
	cfg, err := loadConfig("demo", args, env, "")
	if err != nil {
		return err
	}
	if !isDemoDatabase(cfg) {
		return fmt.Errorf("demo: the example people and pictures only go into a SQLite database in a data directory whose name contains \"demo\" (such as ./data-demo); this one is %s", cfg.DatabaseURL)
	}
	st, err := openStore(ctx, cfg)
	if err != nil {
		return err
	}
	defer st.Close()
	sum, err := demo.Load(ctx, st)
	if err != nil {
		return err
	}
	if sum.AlreadyLoaded {
		fmt.Fprintln(env.Stdout, "The demo content is already loaded.")
		return nil
	}
	parts := []string{}
	for c, n := range sum.Items {
		parts = append(parts, fmt.Sprintf("%d %s", n, c))
	}
	sort.Strings(parts)
	fmt.Fprintf(env.Stdout, "Loaded the demo: %d pictures; %s. Every name says it is an example.\n", sum.Media, strings.Join(parts, ", "))
	return nil
}

// isDemoDatabase reports whether cfg's database is a SQLite file in a
// directory named for a demo.
func isDemoDatabase(cfg config.Config) bool {
	path, ok := strings.CutPrefix(cfg.DatabaseURL, "sqlite://")
	if !ok {
		return false
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return false
	}
	return strings.Contains(strings.ToLower(filepath.Base(filepath.Dir(abs))), "demo")
}
