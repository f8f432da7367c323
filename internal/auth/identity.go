package auth

import (
	"errors"
	"strings"
	"unicode"

	"github.com/nyaruka/phonenumbers"

	"spdc/internal/mail"
)

// DefaultRegion is the region assumed for mobile numbers written without a
// country code: most of the program's people are in India.
const DefaultRegion = "IN"

// NormalizeEmail trims and lower-cases an email address and checks its
// shape; the result is how emails are stored and compared.
func NormalizeEmail(s string) (string, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" {
		return "", errors.New("is required")
	}
	if len(s) > 254 {
		return "", errors.New("must be at most 254 characters")
	}
	if _, err := mail.ParseAddress(s); err != nil {
		return "", errors.New("must be a valid email address")
	}
	return s, nil
}

// NormalizeMobile parses a phone number written in any usual way
// (+91 98765 43210, 09876543210, 9876543210) and returns it in E.164
// (+919876543210), so each person has one spelling.
func NormalizeMobile(s string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", errors.New("is required")
	}
	if len(s) > 32 {
		return "", errors.New("is too long for a phone number")
	}
	for _, r := range s {
		if !(unicode.IsDigit(r) || strings.ContainsRune("+-() .", r)) {
			return "", errors.New("must be a valid mobile number")
		}
	}
	num, err := phonenumbers.Parse(s, DefaultRegion)
	if err != nil || !phonenumbers.IsValidNumber(num) {
		return "", errors.New("must be a valid mobile number")
	}
	return phonenumbers.Format(num, phonenumbers.E164), nil
}
