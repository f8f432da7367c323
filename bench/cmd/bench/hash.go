package main

import (
	"context"
	"fmt"

	"spdc/bench/load"
	"spdc/internal/auth"
)

// hashCost measures what a successful login must spend anyway: verifying
// the password against a hash made with the server's own parameters
// (auth.Default), with the load settings of the login row.
func hashCost(ctx context.Context, opts load.Options) (load.Result, string, error) {
	h := auth.Default()
	encoded, err := h.Hash(loginPassword)
	if err != nil {
		return load.Result{}, "", err
	}
	p := h.Params()
	what := fmt.Sprintf("auth.Default().Verify, argon2id m=%d KiB t=%d p=%d, in the bench process", p.Memory, p.Time, p.Threads)
	r := load.RunFunc(ctx, func() error { return h.Verify(encoded, loginPassword) }, opts)
	return r, what, nil
}
