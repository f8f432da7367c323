#!/bin/sh
# Generates every raster medium of the site from drawn equations (no
# photographs, nothing downloaded): the home banner video (WebM + MP4, a
# seamless 12 s loop of a sunrise over hills), its poster, the six gallery
# scenes, the about-page scene and the Open Graph image. Outputs go to
# web/public/media/ and are committed; re-run only to change the art:
#
#   sh web/scripts/media/generate.sh
#
# Needs Debian's ffmpeg (libvpx-vp9, libx264, libaom-av1, libwebp).
set -eu
FF="${FFMPEG:-ffmpeg} -hide_banner -loglevel error -y"
OUT="$(dirname "$0")/../../public/media"
mkdir -p "$OUT"

# scene W H T PALETTE: a geq filter drawing a sky gradient, a sun with a
# glow and two rolling hills. T is the time expression (the video passes
# the clock, stills a constant). Palettes are "sky-top sky-horizon sun hill1
# hill2" as r,g,b triples.
scene() {
	w=$1 h=$2 t=$3
	set -- $4
	top=$1 hor=$2 sun=$3 h1=$4 h2=$5
	ph="(2*PI*($t)/12)"
	cx="(W*0.68)"
	cy="(H*0.47+H*0.05*sin($ph))"
	d="hypot(X-$cx,Y-$cy)"
	hill1="gt(Y,H*0.66+H*0.05*sin(X/(W*0.15)+$ph))"
	hill2="gt(Y,H*0.79+H*0.04*sin(X/(W*0.09)+1.3-$ph))"
	expr=""
	for i in 1 2 3; do
		a=$(echo "$top" | cut -d, -f$i); b=$(echo "$hor" | cut -d, -f$i)
		s=$(echo "$sun" | cut -d, -f$i); p=$(echo "$h1" | cut -d, -f$i); q=$(echo "$h2" | cut -d, -f$i)
		sky="($a+($b-$a)*pow(Y/H,0.8)+($s-$b)*0.55*exp(-$d/(H*0.22)))"
		disc="if(lt($d,H*0.1),$s,$sky)"
		c="if($hill2,$q+8*sin(X/23+Y/31),if($hill1,$p+6*sin(X/37),$disc))"
		expr="$expr:$(echo "rgb" | cut -c$i)='clip($c,0,255)'"
	done
	echo "geq=${expr#:}"
}

WARM="34,22,70 248,176,96 255,232,170 122,58,36 70,32,22"
DAWN="40,60,110 250,200,150 255,244,210 64,96,70 34,60,44"
DUSK="60,24,60 236,120,80 255,210,140 98,44,52 52,24,34"
NOON="70,130,200 200,225,240 255,250,225 80,130,70 46,90,50"
TEAL="20,70,90 170,220,210 255,240,200 40,110,100 22,70,64"
GOLD="120,60,20 252,214,130 255,246,214 150,90,30 96,56,20"

# The banner video: drawn at 480x270, 12 frames a second (the equations
# are slow to evaluate), scaled to 960x540 and encoded twice. It loops
# without a seam because every moving part is periodic in 12 s. The sound
# is a soft drone of three harmonics whose swell is also periodic in 12 s.
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
$FF -f lavfi -i "color=c=black:s=480x270:r=12:d=12,format=gbrp,$(scene 480 270 T "$WARM"),scale=960:540:flags=lanczos,format=yuv420p" \
	-f lavfi -i "aevalsrc='(0.10*sin(2*PI*110*t)+0.05*sin(2*PI*165*t)+0.03*sin(2*PI*220*t))*(0.65+0.35*sin(2*PI*t/12))':s=48000:d=12" \
	-c:v ffv1 -c:a pcm_s16le "$TMP/master.mkv"
$FF -i "$TMP/master.mkv" -c:v libvpx-vp9 -b:v 0 -crf 40 -row-mt 1 -deadline good -cpu-used 3 -c:a libopus -b:a 32k "$OUT/banner.webm"
$FF -i "$TMP/master.mkv" -c:v libx264 -preset slow -crf 28 -profile:v high -pix_fmt yuv420p -c:a aac -b:a 48k -movflags +faststart "$OUT/banner.mp4"
# The poster is the video's first frame.
$FF -i "$TMP/master.mkv" -frames:v 1 -c:v libwebp -quality 70 "$OUT/banner-poster.webp"
$FF -i "$TMP/master.mkv" -frames:v 1 -c:v libaom-av1 -still-picture 1 -crf 40 "$OUT/banner-poster.avif"

# still NAME W H PALETTE PHASE: AVIF and WebP of one scene.
still() {
	f="color=c=black:s=$2x$3:d=1,format=gbrp,$(scene "$2" "$3" "$5" "$4")"
	$FF -f lavfi -i "$f" -frames:v 1 -c:v libwebp -quality 72 "$OUT/$1.webp"
	$FF -f lavfi -i "$f,format=yuv420p" -frames:v 1 -c:v libaom-av1 -still-picture 1 -crf 38 "$OUT/$1.avif"
}
still gallery-1 480 320 "$DAWN" 1
still gallery-2 480 320 "$DUSK" 4
still gallery-3 480 320 "$NOON" 7
still gallery-4 480 320 "$TEAL" 2
still gallery-5 480 320 "$GOLD" 9
still gallery-6 480 320 "$WARM" 5
still about-scene 800 600 "$GOLD" 3

# Open Graph image (crawlers want JPEG or PNG).
$FF -f lavfi -i "color=c=black:s=1200x630:d=1,format=gbrp,$(scene 1200 630 0 "$WARM")" -frames:v 1 -q:v 5 "$OUT/og-image.jpg"

ls -l "$OUT"
