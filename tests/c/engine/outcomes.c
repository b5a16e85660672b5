/* What a callee returns tells its outcomes apart (0 or an error code),
   even where many states meet; arithmetic keeps what is known of values. */
#include <stdlib.h>

extern int cond (void);

static int load (unsigned char **buf)
{
  if (cond ())
    return -1;
  if (cond ())
    return -2;
  if ((*buf = calloc (1, 10)) == NULL)
    return -3;
  if (cond ()) {
    free (*buf);
    return -4;
  }
  return 0;
}

static int parse_one (void)
{
  int ret;
  unsigned char *buf;
  if ((ret = load (&buf)) != 0)
    return ret;
  free (buf);
  return ret;
}

int parse_several_ok (void)
{
  int ret = 0;
  int t = parse_one ();
  if (t < 0)
    ret = t;
  t = parse_one ();
  if (t < 0)
    ret = t;
  t = parse_one ();
  if (t < 0)
    ret = t;
  return ret;
}

int free_on_every_error_bad (void)
{
  unsigned char *buf;
  int ret = load (&buf);
  if (ret == -4)
    free (buf); /* { dg-warning "double-'free' of 'buf'" } */
  else if (ret == 0)
    free (buf);
  return ret;
}

void moved_range_ok (size_t n)
{
  if (n < 9)
    return;
  size_t m = n - 8;
  if (m == 0) {
    int *q = NULL;
    *q = 1; /* m >= 1 here */
  }
}

void moved_range_bad (size_t n)
{
  if (n < 9)
    return;
  size_t m = n - 9;
  if (m == 0) {
    int *q = NULL;
    *q = 1; /* { dg-warning "dereference of NULL 'q'" } */
  }
}

void division_is_folded_ok (void)
{
  size_t count = 9;
  size_t v0 = count / 64, v1 = count % 64;
  if (v0 != 0 || v1 != 9) {
    int *q = NULL;
    *q = 1; /* 9 / 64 is 0, 9 % 64 is 9 */
  }
}

/* Unsigned comparisons with values beyond INT64_MAX ("(size_t)-20") are
   unsigned: 0 > (size_t)-20 is false. */
void unsigned_compare_ok (void)
{
  size_t code = 0;
  if (code > (size_t)-20) {
    int *q = NULL;
    *q = 1;
  }
}

void unsigned_compare_bad (void)
{
  size_t code = (size_t)-3;
  if (code > (size_t)-20) {
    int *q = NULL;
    *q = 1; /* { dg-warning "dereference of NULL 'q'" } */
  }
}

/* The NULL constant dereferenced on a path that a value read from memory
   written elsewhere decides is reported as the parameters' is: nothing on
   the path says n_task >= 1, so n_task == 0 is possible. */
struct sorter { unsigned char n_task; };

void guard_from_memory_bad (struct sorter *p)
{
  int *task = NULL;
  int n = p->n_task - 1;
  if (n < 0)
    *task = 1; /* { dg-warning "dereference of NULL 'task'" } */
}

void guard_from_parameter_bad (unsigned char n_task)
{
  int *task = NULL;
  int n = n_task - 1;
  if (n < 0)
    *task = 1; /* { dg-warning "dereference of NULL 'task'" } */
}

/* ...and so is one the path comes to whichever way such a branch goes. */
void guard_both_ways_bad (struct sorter *p, int v)
{
  int *task = NULL;
  if (p->n_task > 4)
    v = 4;
  *task = v; /* { dg-warning "dereference of NULL 'task'" } */
}
