package india

// The Verhoeff check digit works in the dihedral group D5, the ten
// symmetries of a regular pentagon: the digits 0–4 stand for the rotations
// r^k and 5–9 for the reflections r^k·s. The tables are computed from that
// definition when the package loads rather than copied in; the test holds
// the published tables to compare.
var (
	verhoeffD   [10][10]uint8 // the group operation: verhoeffD[j][k] = j·k
	verhoeffInv [10]uint8     // verhoeffInv[j] is the inverse of j
	verhoeffP   [8][10]uint8  // verhoeffP[i] is the permutation σ applied i times
)

// verhoeffSigma is the permutation of digits that the scheme applies once per
// position: (0 1 5 8 9 4 2 7)(3 6).
var verhoeffSigma = [10]uint8{1, 5, 7, 6, 2, 8, 3, 0, 9, 4}

func init() {
	for j := range 10 {
		for k := range 10 {
			verhoeffD[j][k] = d5(uint8(j), uint8(k))
		}
	}
	for j := range 10 {
		for k := range 10 {
			if verhoeffD[j][k] == 0 {
				verhoeffInv[j] = uint8(k)
			}
		}
	}
	for k := range 10 {
		verhoeffP[0][k] = uint8(k)
	}
	for i := 1; i < 8; i++ {
		for k := range 10 {
			verhoeffP[i][k] = verhoeffSigma[verhoeffP[i-1][k]]
		}
	}
}

// d5 composes two elements of D5. With r a rotation, s a reflection and
// s·r = r⁻¹·s, the digit k < 5 stands for r^k and 5 + k for r^k·s, so that
// r^a·r^b = r^(a+b), r^a·r^b s = r^(a+b) s, r^a s·r^b = r^(a−b) s and
// r^a s·r^b s = r^(a−b), exponents taken modulo 5.
func d5(j, k uint8) uint8 {
	a, b := int(j%5), int(k%5)
	switch {
	case j < 5 && k < 5:
		return uint8((a + b) % 5)
	case j < 5:
		return uint8(5 + (a+b)%5)
	case k < 5:
		return uint8(5 + (a-b+5)%5)
	default:
		return uint8((a - b + 5) % 5)
	}
}

// VerhoeffValid reports whether a string of ASCII digits ends in a correct
// Verhoeff check digit. Anything that is not all digits is not valid.
func VerhoeffValid(digits string) bool {
	if digits == "" {
		return false
	}
	var c uint8
	for i := range len(digits) {
		ch := digits[len(digits)-1-i]
		if ch < '0' || ch > '9' {
			return false
		}
		c = verhoeffD[c][verhoeffP[i%8][ch-'0']]
	}
	return c == 0
}

// VerhoeffDigit returns the check digit to append to a string of ASCII
// digits, and false when the string holds anything else.
func VerhoeffDigit(digits string) (byte, bool) {
	var c uint8
	for i := range len(digits) {
		ch := digits[len(digits)-1-i]
		if ch < '0' || ch > '9' {
			return 0, false
		}
		c = verhoeffD[c][verhoeffP[(i+1)%8][ch-'0']]
	}
	return '0' + verhoeffInv[c], true
}
