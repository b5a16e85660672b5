/* Calls whose arguments the path knows give what they compute: strcmp of
   two known strings, and a function of the module that only reads its
   arguments, stepped into when it is given only known values. And a
   parameter keeps its value through the generalization of a loop's many
   states: two calls given it agree.  */
#include <assert.h>
#include <stdio.h>
#include <string.h>

static FILE *open_out (const char *name)
{
  if (strcmp (name, "-") == 0)
    return stdout;
  return fopen (name, "w"); /* { dg-message "opened here" } */
}

void write_to_stdout_ok (void)
{
  FILE *f = open_out ("-");
  if (f)
    fputs ("x", f);
} /* { dg-bogus "leak" } */

void write_to_file_bad (void)
{
  FILE *f = open_out ("out.txt");
  if (f)
    fputs ("x", f);
} /* { dg-warning "leak of FILE 'f'" } */

static int is_dash (const char *s)
{
  assert (s != NULL);
  if (s[0] != '-')
    return 0;
  return s[1] == '\0';
}

static FILE *open_in (const char *name)
{
  if (is_dash (name))
    return stdin;
  return fopen (name, "r"); /* { dg-message "opened here" } */
}

int read_stdin_ok (void)
{
  FILE *f = open_in ("-");
  return f ? fgetc (f) : -1; /* { dg-bogus "leak" } */
}

int read_file_bad (void)
{
  FILE *f = open_in ("-x");
  return f ? fgetc (f) : -1; /* { dg-warning "leak of FILE 'f'" } */
}

static int is_stdout (const char *s)
{
  if (s == NULL)
    return 0;
  return strcmp (s, "-") == 0;
}

int sink;

/* Six flags flowing round a loop: enough states at its head to generalize
   them.  */
#define WRITE_FLAGS(f, flags, n)                                               \
  do {                                                                         \
    int a = 0, b = 0, c = 0, d = 0, e = 0, g = 0;                              \
    for (int i = 0; i < (n); i++) {                                            \
      if ((flags)[i] & 1)                                                      \
        a = 1;                                                                 \
      if ((flags)[i] & 2)                                                      \
        b = 1;                                                                 \
      if ((flags)[i] & 4)                                                      \
        c = 1;                                                                 \
      if ((flags)[i] & 8)                                                      \
        d = 1;                                                                 \
      if ((flags)[i] & 16)                                                     \
        e = 1;                                                                 \
      if ((flags)[i] & 32)                                                     \
        g = 1;                                                                 \
      fputc ((flags)[i], (f));                                                 \
    }                                                                          \
    sink = a + b + c + d + e + g;                                              \
  } while (0)

/* The parameter stays itself through the loop's generalization.  */
int write_all_ok (const char *name, const int *flags, int n)
{
  FILE *f;
  if (is_stdout (name))
    f = stdout;
  else {
    f = fopen (name, "w");
    if (!f)
      return -1;
  }
  WRITE_FLAGS (f, flags, n);
  if (!is_stdout (name))
    fclose (f);
  return 0; /* { dg-bogus "leak" } */
}

/* The second test asks of another name.  */
int write_other_bad (const char *name, const char *other, const int *flags, int n)
{
  FILE *f;
  if (is_stdout (name))
    f = stdout;
  else {
    f = fopen (name, "w"); /* { dg-message "opened here" } */
    if (!f)
      return -1;
  }
  WRITE_FLAGS (f, flags, n);
  if (!is_stdout (other))
    fclose (f);
  return 0; /* { dg-warning "leak of FILE 'f'" } */
}
