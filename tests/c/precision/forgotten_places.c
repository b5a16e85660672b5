/* Issue 33, item 6: where many paths through a function meet (a helper
   that grows three buffers, each realloc with its own outcomes), the
   engine forgets what some of them hold to let the paths meet.  A place
   the paths did not write keeps its value on the real path: read again,
   a test that comes out against what the path knew of it (the flag that
   said the buffer was allocated, now 0) follows a guess, and nothing is
   reported on it (gnulib's re_string realloc_buffers, then the caller's
   "mbs_allocated ? mbs : str").  A flag the helper did change is still
   read as changed.  */
#include <stdlib.h>

struct string
{
  unsigned char *mbs;
  int *wcs;
  long *offsets;
  long len;
  int mb_cur_max;
  unsigned char mbs_allocated;
};

static int
grow (struct string *s, long n, int keep)
{
  if (s->mb_cur_max > 1)
    {
      int *new_wcs = realloc (s->wcs, n * sizeof (int));
      if (new_wcs == NULL)
        return 12;
      s->wcs = new_wcs;
      if (s->offsets != NULL)
        {
          long *new_offsets = realloc (s->offsets, n * sizeof (long));
          if (new_offsets == NULL)
            return 12;
          s->offsets = new_offsets;
        }
    }
  if (s->mbs_allocated)
    {
      unsigned char *new_mbs = realloc (s->mbs, n);
      if (new_mbs == NULL)
        return 12;
      s->mbs = new_mbs;
      if (!keep)
        s->mbs_allocated = 0;
    }
  s->len = n;
  return 0;
}

int
flag_unchanged_ok (struct string *s, const char *str, long n)
{
  int ret = grow (s, n, 1);
  if (ret != 0)
    return ret;
  s->mbs = s->mbs_allocated ? s->mbs : (unsigned char *) str; /* { dg-bogus "leak" } */
  return 0;
}

int
flag_changed_bad (struct string *s, const char *str, long n)
{
  int ret = grow (s, n, 0);
  if (ret != 0)
    return ret;
  s->mbs = s->mbs_allocated ? s->mbs : (unsigned char *) str; /* { dg-warning "leak of '\\*s.mbs'" } */
  return 0;
}
