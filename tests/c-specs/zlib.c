/* examples/specs/zlib.toml, the example spec of docs/SPECS.md: z_streams
   set up and never ended, used after their end.  (zlib's
   declarations are written out here, as zlib.h has them, so that the test
   needs no zlib1g-dev.)  */
#include <string.h>

typedef struct z_stream_s { unsigned char *next_out; unsigned avail_out; void *state; } z_stream;
#define Z_OK 0
#define Z_STREAM_END 1
#define Z_FINISH 4
int inflateInit_ (z_stream *, const char *, int);
int deflateInit_ (z_stream *, int, const char *, int);
#define inflateInit(strm) inflateInit_ ((strm), "1.2.13", (int) sizeof (z_stream)) /* { dg-message "\\(1\\) set up here" } */
#define deflateInit(strm, level) deflateInit_ ((strm), (level), "1.2.13", (int) sizeof (z_stream))
int inflate (z_stream *, int);
int deflate (z_stream *, int);
int inflateEnd (z_stream *);
int deflateEnd (z_stream *);

int early_return_bad (unsigned char *out, unsigned n)
{
  z_stream strm;
  memset (&strm, 0, sizeof strm);
  if (inflateInit (&strm) != Z_OK) /* { dg-message "in expansion of macro 'inflateInit'" } */
    return -1;
  strm.next_out = out;
  strm.avail_out = n;
  if (inflate (&strm, Z_FINISH) != Z_STREAM_END)
    return -1;
  inflateEnd (&strm);
  return 0;
} /* { dg-warning "z_stream '&strm' is never ended \\(leak of its memory\\) \\\[CWE-401\\\] \\\[-Wanalyzer-zlib-stream-leak\\\]" } */

/* Setting up failed: nothing to end.  */
int ended_on_every_path_ok (unsigned char *out, unsigned n)
{
  z_stream strm;
  memset (&strm, 0, sizeof strm);
  if (inflateInit (&strm) != Z_OK)
    return -1;
  strm.next_out = out;
  strm.avail_out = n;
  int rc = inflate (&strm, Z_FINISH);
  inflateEnd (&strm);
  return rc == Z_STREAM_END ? 0 : -1;
}

int use_after_end_bad (void)
{
  z_stream strm;
  memset (&strm, 0, sizeof strm);
  if (deflateInit (&strm, 6) != Z_OK)
    return -1;
  deflateEnd (&strm); /* { dg-message "ended here" } */
  return deflate (&strm, Z_FINISH); /* { dg-warning "'deflate' on z_stream '&strm' after it was ended \\\[CWE-416\\\]" } */
}

/* zlib allows ending a stream twice (the second returns Z_STREAM_ERROR).  */
void double_end_ok (void)
{
  z_stream strm;
  memset (&strm, 0, sizeof strm);
  if (deflateInit (&strm, 6) != Z_OK)
    return;
  deflateEnd (&strm);
  deflateEnd (&strm); /* { dg-bogus "ended" } */
}

/* A stream inside the caller's struct is the caller's to end.  */
struct codec { z_stream s; int level; };
int codec_open_ok (struct codec *c)
{
  return inflateInit (&c->s);
}

/* Across functions: a helper ends the stream, the caller uses it.  */
static void finish (z_stream *s)
{
  inflateEnd (s); /* { dg-message "ended here" } */
}

int helper_bad (void)
{
  z_stream strm;
  memset (&strm, 0, sizeof strm);
  if (inflateInit (&strm) != Z_OK)
    return -1;
  finish (&strm);
  return inflate (&strm, Z_FINISH); /* { dg-warning "'inflate' on z_stream '&strm' after it was ended" } */
}
