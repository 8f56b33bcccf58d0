#!/usr/bin/env bash
# The sample clips the local stand-in seeds into the `videos` bucket (supabase/local/seed-files):
# a slow push-in on each poster, so the clip's first frame is the poster, as it is with the
# coach's real footage (the poster is a frame of the video). Needs ffmpeg; run once, commit the files.
set -euo pipefail
cd "$(dirname "$0")/.."
images=src/content/images/home
out=supabase/local/seed-files

clip() { # poster, width, height, output
  ffmpeg -loglevel error -y -loop 1 -i "$1" -t 3 -r 24 \
    -vf "scale=$2*2:$3*2,zoompan=z='1+0.0006*on':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=1:s=$2x$3:fps=24,format=yuv420p" \
    -c:v libx264 -profile:v high -crf 30 -preset veryslow -movflags +faststart -an "$4"
}

clip "$images/hero-mobile.jpg" 360 640 "$out/hero-mobile.mp4"
clip "$images/hero-desktop.jpg" 640 360 "$out/hero-desktop.mp4"
clip "$images/community-poster.jpg" 640 360 "$out/community.mp4"
ls -l "$out"/*.mp4
