// Command spdc is the website of the SPDC elderly-care program: one binary
// serving the web app and its API. See README.md.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"spdc/internal/app"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := app.Run(ctx, os.Args[1:], os.Getenv, os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
