/* A static function that is only called, and that no caller stepped into,
   is analysed on its own with what every call gives its parameters, when
   every caller is a function whose own analysis saw all of its paths: the
   range of an integer, and whether it (or a pointer) is never 0.  A call
   that may give the value the bug needs keeps the bug.  */
#include <stddef.h>

/* The length of a sequence "\033]...\007" or 1 if it is not complete:
   "term" is set where the loop finds the end; an empty buffer (len 0)
   would leave the loop at once with end != len.  */
static int
sequence_length (const char *buf, size_t len)
{
  size_t end, term;
  if (len == 1)
    return 1;
  for (end = 2; end < len; end++)
    if (buf[end] == '\007')
      {
        term = 1;
        break;
      }
  if (end == len)
    return 1;
  return (int) (end + term); /* { dg-bogus "uninitialized" } */
}

int next_key_ok (const char *buf, size_t len)
{
  if (len == 0)
    return 0;
  return sequence_length (buf, len);
}

int other_key_ok (const char *buf, size_t len)
{
  if (len < 4)
    return -1;
  return sequence_length (buf, len);
}

static int
sequence_length_2 (const char *buf, size_t len)
{
  size_t end, term;
  if (len == 1)
    return 1;
  for (end = 2; end < len; end++)
    if (buf[end] == '\007')
      {
        term = 1;
        break;
      }
  if (end == len)
    return 1;
  return (int) (end + term); /* { dg-warning "use of uninitialized value 'term'" } */
}

int checked_key_ok (const char *buf, size_t len)
{
  if (len == 0)
    return 0;
  return sequence_length_2 (buf, len);
}

/* This caller gives any length, 0 too.  */
int any_key_bad (const char *buf, size_t len)
{
  return sequence_length_2 (buf, len);
}

/* Through a static function that is itself only called: what its calls
   give it, it gives on (analysed first, as it comes first).  */
static int sequence_length_3 (const char *buf, size_t len);

static int
key_length (const char *buf, size_t len)
{
  return sequence_length_3 (buf, len) + 1;
}

static int
sequence_length_3 (const char *buf, size_t len)
{
  size_t end, term;
  if (len == 1)
    return 1;
  for (end = 2; end < len; end++)
    if (buf[end] == '\007')
      {
        term = 1;
        break;
      }
  if (end == len)
    return 1;
  return (int) (end + term); /* { dg-bogus "uninitialized" } */
}

int read_key_ok (const char *buf, size_t len)
{
  if (len == 0)
    return 0;
  return key_length (buf, len);
}
