/* taint: values an attacker controls, used without the checks that bound
   them.  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct header
{
  int index;
  unsigned int count;
  long offset;
  char table[64];
};

char index_bad (FILE *f)
{
  struct header h;
  if (fread (&h, sizeof h, 1, f) != 1)
    return 0;
  return h.table[h.index]; /* { dg-warning "use of attacker-controlled value 'h.index' in array lookup without bounds checking \\\[CWE-129\\\]" } */
}

char index_lower_only_bad (FILE *f)
{
  struct header h;
  if (fread (&h, sizeof h, 1, f) != 1 || h.index < 0)
    return 0;
  return h.table[h.index]; /* { dg-warning "in array lookup without upper-bounds checking" } */
}

char index_upper_only_bad (FILE *f)
{
  struct header h;
  if (fread (&h, sizeof h, 1, f) != 1 || h.index >= 64)
    return 0;
  return h.table[h.index]; /* { dg-warning "in array lookup without checking for negative" } */
}

char index_ok (FILE *f)
{
  struct header h;
  if (fread (&h, sizeof h, 1, f) != 1)
    return 0;
  if (h.index < 0 || h.index >= 64)
    return 0;
  return h.table[h.index];
}

/* Unsigned: only the upper bound is missing, and checking it is enough.  */
char unsigned_bad (FILE *f)
{
  struct header h;
  if (fread (&h, sizeof h, 1, f) != 1)
    return 0;
  return h.table[h.count]; /* { dg-warning "'h.count' in array lookup without upper-bounds checking" } */
}

char unsigned_ok (FILE *f)
{
  struct header h;
  if (fread (&h, sizeof h, 1, f) != 1 || h.count >= sizeof h.table)
    return 0;
  return h.table[h.count];
}

/* Not read from outside: nothing to say.  */
char untainted_ok (struct header *h)
{
  return h->table[h->index];
}

char offset_bad (int fd, char *base)
{
  long off;
  if (read (fd, &off, sizeof off) != sizeof off)
    return 0;
  return *(base + off); /* { dg-warning "use of attacker-controlled value 'off' as offset without bounds checking \\\[CWE-823\\\]" } */
}

int divisor_bad (int x)
{
  int d = getchar ();
  return x / d; /* { dg-warning "use of attacker-controlled value 'd' as divisor without checking for zero \\\[CWE-369\\\]" } */
}

int divisor_ok (int x)
{
  int d = getchar ();
  if (d == 0)
    return 0;
  return x / d;
}

void *allocation_bad (void)
{
  size_t n;
  if (scanf ("%zu", &n) != 1)
    return NULL;
  return malloc (n); /* { dg-warning "use of attacker-controlled value 'n' as allocation size without upper-bounds checking \\\[CWE-789\\\]" } */
}

void *allocation_ok (void)
{
  size_t n;
  if (scanf ("%zu", &n) != 1 || n > 4096)
    return NULL;
  return malloc (n);
}

/* An entry point whose arguments come from an attacker.  */
void __attribute__((tainted_args))
size_bad (char *dst, const char *src, size_t len)
{
  memcpy (dst, src, len); /* { dg-warning "use of attacker-controlled value 'len' as size without upper-bounds checking \\\[CWE-129\\\]" } */
}

void __attribute__((tainted_args))
size_ok (char *dst, const char *src, size_t len)
{
  if (len > 64)
    return;
  memcpy (dst, src, len);
}

/* Strings: a format and a command from outside.  */
void format_bad (FILE *f)
{
  char line[128];
  if (fgets (line, sizeof line, f))
    printf (line); /* { dg-warning "use of attacker-controlled string 'line' as format string \\\[CWE-134\\\] \\\[-Wanalyzer-tainted-format-string\\\]" } */
}

void format_ok (FILE *f)
{
  char line[128];
  if (fgets (line, sizeof line, f))
    printf ("%s", line);
}

void command_bad (void)
{
  const char *cmd = getenv ("EDITOR");
  if (cmd)
    system (cmd); /* { dg-warning "use of attacker-controlled string 'cmd' as command \\\[CWE-78\\\] \\\[-Wanalyzer-tainted-command\\\]" } */
}

void command_ok (void)
{
  system ("ls");
}

/* Across functions: the value is read in one function and used in
   another.  */
static int read_index (FILE *f)
{
  int i;
  if (fread (&i, sizeof i, 1, f) != 1)
    return 0;
  return i;
}

char cross_function_bad (FILE *f, const char *table)
{
  int i = read_index (f);
  return table[i]; /* { dg-warning "use of attacker-controlled value '\[^'\]+' as offset without bounds checking" } */
}

static char lookup (const char *table, int i)
{
  return table[i]; /* { dg-warning "use of attacker-controlled value '\[^'\]+' as offset without bounds checking" } */
}

char cross_function_callee_bad (FILE *f, const char *table)
{
  int i;
  if (fread (&i, sizeof i, 1, f) != 1)
    return 0;
  return lookup (table, i);
}

char cross_function_ok (FILE *f, const char *table)
{
  int i = read_index (f);
  if (i < 0 || i > 15)
    return 0;
  return lookup (table, i);
}

int main (int argc, char **argv)
{
  if (argc > 1)
    printf (argv[1]); /* { dg-warning "use of attacker-controlled string '\[^'\]+' as format string" } */
  return 0;
}

/* Each sink across a function boundary: the value is read in the caller
   and misused in a helper.  */
static int divide (int x, int d)
{
  return x / d; /* { dg-warning "as divisor without checking for zero" } */
}

int divisor_across_bad (int x)
{
  return divide (x, getchar ());
}

static void *allocate (size_t n)
{
  return malloc (n); /* { dg-warning "as allocation size without upper-bounds checking" } */
}

void *allocation_across_bad (void)
{
  size_t n;
  if (scanf ("%zu", &n) != 1)
    return NULL;
  return allocate (n);
}

static void copy_n (char *dst, const char *src, size_t n)
{
  memcpy (dst, src, n); /* { dg-warning "as size without upper-bounds checking" } */
}

void size_across_bad (FILE *f, char *dst, const char *src)
{
  struct header h;
  if (fread (&h, sizeof h, 1, f) == 1)
    copy_n (dst, src, h.count);
}

static void log_line (const char *fmt)
{
  printf (fmt); /* { dg-warning "as format string" } */
}

void format_across_bad (FILE *f)
{
  char line[64];
  if (fgets (line, sizeof line, f))
    log_line (line);
}

static void run (const char *cmd)
{
  system (cmd); /* { dg-warning "as command" } */
}

void command_across_bad (void)
{
  const char *c = getenv ("HOOK");
  if (c)
    run (c);
}

static char at (const char *table, int i)
{
  if (i < 0 || i >= 16)
    return 0;
  return table[i];
}

char checked_in_callee_ok (const char *table)
{
  return at (table, getchar ());
}

/* A byte from getc is bounded by the C library (EOF or 0..255): looking it
   up in <ctype.h>'s tables is fine; dividing by it is not.  */
#include <ctype.h>
int ctype_ok (FILE *f)
{
  int c = fgetc (f);
  return isdigit (c) ? c - '0' : -1;
}

/* "n = d < 100 ? d : 99", which GCC folds into MIN_EXPR: n has an upper
   bound, and with d's lower bound it is checked.  */
static int table[100];

int min_bounds_index_ok (void)
{
  int d;
  if (scanf ("%d", &d) != 1 || d < 0)
    return 0;
  int n = d < 100 ? d : 99;
  return table[n];
}

int min_without_lower_bound_bad (void)
{
  int d;
  if (scanf ("%d", &d) != 1)
    return 0;
  int n = d < 100 ? d : 99;
  return table[n]; /* { dg-warning "use of attacker-controlled value 'n' in array lookup without checking for negative" } */
}

/* The distance between two pointers into one string an attacker chose
   is bounded by that string, already in memory: an allocation and copy
   sized by it (flex's search of $PATH for m4) are not attacker-controlled
   sizes.  A number the attacker wrote in the string is.  */
#include <stdlib.h>
#include <string.h>

char *first_dir_ok (void)
{
  const char *path = getenv ("PATH");
  if (!path)
    return 0;
  const char *end = strchr (path, ':');
  if (!end)
    end = path + strlen (path);
  char *dir = malloc (end - path + 1); /* { dg-bogus "attacker-controlled" } */
  if (!dir)
    return 0;
  memcpy (dir, path, end - path); /* { dg-bogus "attacker-controlled" } */
  dir[end - path] = 0; /* { dg-bogus "attacker-controlled" } */
  return dir;
}

char *stated_size_bad (void)
{
  const char *size = getenv ("SIZE");
  if (!size)
    return 0;
  return malloc (atoi (size)); /* { dg-warning "as allocation size without" } */
}
