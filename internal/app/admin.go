package app

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"spdc/internal/auth"
	"spdc/internal/config"
	"spdc/internal/mail"
	"spdc/internal/outbox"
	"spdc/internal/roles"
	"spdc/internal/store"
)

const adminUsage = `Usage:
  spdc admin create --email E --name N [--mobile M] [--role R]... [flags]
        create a member of staff (an admin unless --role says otherwise);
        the password is read from stdin
  spdc admin promote EMAIL [--role R]... [flags]
        give an existing user a role (admin unless --role says otherwise)
  spdc admin reset-2fa EMAIL [flags]
        clear the two-step sign-in of someone who lost their phone and
        their recovery codes; their sessions end, the audit log records
        it and they are mailed

Roles: admin, coordinator, accountant, editor, trustee; --role may be
repeated. These and the dashboard's Staff view are the only ways to give
a role.
`

// adminCommand runs `spdc admin create|promote`.
func adminCommand(ctx context.Context, args []string, env Env) error {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprint(env.Stdout, adminUsage)
		if len(args) == 0 {
			return errors.New("admin needs a subcommand: create, promote or reset-2fa")
		}
		return nil
	}
	switch args[0] {
	case "create":
		return adminCreate(ctx, args[1:], env)
	case "promote":
		return adminPromote(ctx, args[1:], env)
	case "reset-2fa":
		return adminResetTwoStep(ctx, args[1:], env)
	}
	return fmt.Errorf("admin: unknown subcommand %q (create, promote or reset-2fa)", args[0])
}

// splitOwnFlags takes the named string flags out of args and leaves the
// rest (the configuration flags) for loadConfig. A flag given twice keeps
// its last value.
func splitOwnFlags(args []string, names ...string) (map[string]string, []string, error) {
	all, rest, err := splitRepeatedFlags(args, names...)
	if err != nil {
		return nil, nil, err
	}
	own := map[string]string{}
	for n, vs := range all {
		own[n] = vs[len(vs)-1]
	}
	return own, rest, nil
}

// splitRepeatedFlags is splitOwnFlags keeping every value of a flag given
// more than once, in order.
func splitRepeatedFlags(args []string, names ...string) (map[string][]string, []string, error) {
	own := map[string][]string{}
	var rest []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		matched := false
		for _, n := range names {
			for _, prefix := range []string{"--" + n, "-" + n} {
				if a == prefix {
					if i+1 >= len(args) {
						return nil, nil, fmt.Errorf("flag %s needs a value", a)
					}
					own[n] = append(own[n], args[i+1])
					i++
					matched = true
				} else if v, ok := strings.CutPrefix(a, prefix+"="); ok {
					own[n] = append(own[n], v)
					matched = true
				}
			}
		}
		if !matched {
			rest = append(rest, a)
		}
	}
	return own, rest, nil
}

// cliActor is who the audit log names for a role the command line gave.
var cliActor = store.Actor{ID: "cli", Email: "spdc admin"}

// roleFlags takes the repeated --role flags out of args: the roles named,
// admin when none is.
func roleFlags(args []string) ([]string, []string, error) {
	own, rest, err := splitRepeatedFlags(args, "role")
	if err != nil {
		return nil, nil, err
	}
	if len(own["role"]) == 0 {
		return []string{roles.Admin}, rest, nil
	}
	names, ok := roles.Normalize(own["role"])
	if !ok {
		return nil, nil, fmt.Errorf("--role must be one of %s", strings.Join(roles.All, ", "))
	}
	return names, rest, nil
}

func adminCreate(ctx context.Context, args []string, env Env) error {
	names, args, err := roleFlags(args)
	if err != nil {
		return err
	}
	own, rest, err := splitOwnFlags(args, "email", "name", "mobile")
	if err != nil {
		return err
	}
	cfg, err := loadConfig("admin create", rest, env, "--email E --name N [--mobile M] ")
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintf(env.Stdout, "\nThe password is read from the first line of stdin: at least %d characters, and not a common password.\n", auth.MinAdminPasswordLen)
		}
		return err
	}
	email, err := auth.NormalizeEmail(own["email"])
	if err != nil {
		return fmt.Errorf("--email %s", err)
	}
	name := strings.TrimSpace(own["name"])
	if name == "" || utf8.RuneCountInString(name) > 200 {
		return errors.New("--name is required (at most 200 characters)")
	}
	mobile := ""
	if m := strings.TrimSpace(own["mobile"]); m != "" {
		if mobile, err = auth.NormalizeMobile(m); err != nil {
			return fmt.Errorf("--mobile %s", err)
		}
	}
	password, err := readPassword(env.Stdin)
	if err != nil {
		return err
	}
	hash, err := auth.Default().Hash(password)
	if err != nil {
		return err
	}
	st, err := openStore(ctx, cfg)
	if err != nil {
		return err
	}
	defer st.Close()
	u := &store.User{FullName: name, Email: email, Mobile: mobile, PasswordHash: hash, IsAdmin: slices.Contains(names, roles.Admin)}
	switch err := st.CreateUser(ctx, u); {
	case errors.Is(err, store.ErrEmailTaken):
		return fmt.Errorf("an account with email %s already exists; use: spdc admin promote %s", email, email)
	case errors.Is(err, store.ErrMobileTaken):
		return fmt.Errorf("mobile %s is already used by another account", mobile)
	case err != nil:
		return err
	}
	if !slices.Equal(names, []string{roles.Admin}) {
		if _, err := st.AddRolesByEmail(ctx, email, names, cliActor); err != nil {
			return err
		}
	}
	fmt.Fprintf(env.Stdout, "%s %s created (id %s)\n", strings.Join(names, " and "), email, u.ID)
	return nil
}

// readPassword reads the first line of r as the password (a trailing CR
// or LF is dropped, other spaces are kept) and checks it against the
// admin password rules.
func readPassword(r io.Reader) (string, error) {
	if r == nil {
		return "", errors.New("the password is read from stdin, which is missing")
	}
	line, err := bufio.NewReader(io.LimitReader(r, 8*auth.MaxPasswordLen)).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return "", fmt.Errorf("read password from stdin: %w", err)
	}
	pw := strings.TrimRight(line, "\r\n")
	if p := auth.PasswordProblem(pw, true); p != "" {
		return "", fmt.Errorf("the admin password on stdin %s", p)
	}
	return pw, nil
}

// emailArg takes the one positional EMAIL out of args, before or after
// the configuration flags (all of which take a value), and returns it
// normalised with the configuration those flags give.
func emailArg(cmd string, args []string, env Env) (string, config.Config, error) {
	var target string
	var rest []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-h" || a == "--help" || a == "-help":
			rest = append(rest, a)
		case strings.HasPrefix(a, "-"):
			rest = append(rest, a)
			if !strings.Contains(a, "=") && i+1 < len(args) {
				rest = append(rest, args[i+1])
				i++
			}
		case target == "":
			target = a
		default:
			return "", config.Config{}, fmt.Errorf("%s takes one EMAIL, not also %q", cmd, a)
		}
	}
	cfg, err := loadConfig(cmd, rest, env, "EMAIL ")
	if err != nil {
		return "", cfg, err
	}
	email, err := auth.NormalizeEmail(target)
	if err != nil {
		return "", cfg, fmt.Errorf("%s needs the EMAIL of an existing user: %s", cmd, err)
	}
	return email, cfg, nil
}

// storeForEmail reads a command's EMAIL and configuration (see
// emailArg) and opens the store it names; the caller closes it.
func storeForEmail(ctx context.Context, cmd string, args []string, env Env) (string, config.Config, *store.Store, error) {
	email, cfg, err := emailArg(cmd, args, env)
	if err != nil {
		return "", cfg, nil, err
	}
	st, err := openStore(ctx, cfg)
	return email, cfg, st, err
}

func adminPromote(ctx context.Context, args []string, env Env) error {
	names, args, err := roleFlags(args)
	if err != nil {
		return err
	}
	email, _, st, err := storeForEmail(ctx, "admin promote", args, env)
	if err != nil {
		return err
	}
	defer st.Close()
	if !slices.Equal(names, []string{roles.Admin}) {
		if _, err := st.AddRolesByEmail(ctx, email, names, cliActor); errors.Is(err, store.ErrNotFound) {
			return fmt.Errorf("no user with email %s; they must register first, or use: spdc admin create", email)
		} else if err != nil {
			return err
		}
		fmt.Fprintf(env.Stdout, "%s now holds %s and must sign in again.\n", email, strings.Join(names, " and "))
		return nil
	}
	if err := st.PromoteUser(ctx, email); errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("no user with email %s; they must register first, or use: spdc admin create", email)
	} else if err != nil {
		return err
	}
	fmt.Fprintf(env.Stdout, "%s is now an admin and must sign in again. An admin password needs at least %d characters and must not be a common one; if theirs is not, signing in asks them to set a new one with \"Forgot your password?\".\n", email, auth.MinAdminPasswordLen)
	return nil
}

// adminResetTwoStep runs `spdc admin reset-2fa EMAIL`: the person's
// two-step sign-in (secret, recovery codes, a sign-in in progress) is
// cleared and their sessions end, with the audit entry and the mail that
// tells them, in one transaction. An admin or accountant then reaches the
// dashboard only after setting it up again from My Account.
func adminResetTwoStep(ctx context.Context, args []string, env Env) error {
	email, cfg, st, err := storeForEmail(ctx, "admin reset-2fa", args, env)
	if err != nil {
		return err
	}
	defer st.Close()
	renderer := newRenderer(cfg)
	had, err := st.ResetTwoStep(ctx, email, cliActor, func(q store.Querier, u *store.User) error {
		m, err := renderer.In(u.Language).TwoStep(u.Email, u.FullName, mail.TwoStepReset)
		if err != nil {
			return err
		}
		return outbox.Enqueue(ctx, q, time.Now(), m)
	})
	if errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("no user with email %s", email)
	}
	if err != nil {
		return err
	}
	if !had {
		fmt.Fprintf(env.Stdout, "%s has no two-step sign-in; nothing was changed.\n", email)
		return nil
	}
	fmt.Fprintf(env.Stdout, "Two-step sign-in of %s is cleared and their sessions have ended; they are mailed. If their role needs it, they set it up again in My Account after signing in.\n", email)
	return nil
}
