package auth

import "spdc/internal/entity"

// DefaultRegion is the region assumed for mobile numbers written without a
// country code: most of the program's people are in India.
const DefaultRegion = entity.DefaultRegion

// NormalizeEmail trims and lower-cases an email address and checks its
// shape; the result is how emails are stored and compared.
func NormalizeEmail(s string) (string, error) { return entity.NormalizeEmail(s) }

// NormalizeMobile parses a phone number written in any usual way
// (+91 98765 43210, 09876543210, 9876543210) and returns it in E.164
// (+919876543210), so each person has one spelling.
func NormalizeMobile(s string) (string, error) { return entity.NormalizePhone(s) }
