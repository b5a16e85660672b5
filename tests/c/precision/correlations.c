/* Issue 33, item 6: correlations the path must keep.  "~flags & X" is
   the negation of the bit test "flags & X"; a flag computed from a
   parameter ("regex = pat != NULL") that guards both an acquisition and
   its release keeps its value, and what was learned of it, through joins,
   loops and calls of unknown code.  */
#include <regex.h>
#include <stdlib.h>

void *make (void);
void *other (void);
void undo_a (void *);
void undo_b (void *);
void unknown (void);
void use (int);

void bit_test_ok (unsigned flags)
{
  int fd;
  if (flags & 4)
    fd = 3;
  unknown ();
  if (~flags & 4)
    return;
  use (fd); /* { dg-bogus "uninitialized" } */
}

void bit_test_bad (unsigned flags)
{
  int fd;
  if (flags & 4)
    fd = 3;
  if (flags & 8)
    use (fd); /* { dg-warning "use of uninitialized value 'fd'" } */
}

int guarded_release_ok (const char *pat, const char **lines, int n)
{
  regex_t re;
  int regex = pat != NULL;
  int hits = 0;
  if (regex && regcomp (&re, pat, 0))
    return -1;
  for (int i = 0; i < n; i++)
    {
      unknown ();
      if (regex && regexec (&re, lines[i], 0, 0, 0) == 0)
        hits++;
    }
  if (regex)
    regfree (&re);
  return hits; /* { dg-bogus "never freed" } */
}

int guarded_free_ok (const char *name, int n)
{
  int owned = name != NULL;
  char *buf = NULL;
  if (owned)
    buf = malloc (16);
  for (int i = 0; i < n; i++)
    unknown ();
  if (owned)
    free (buf);
  return n; /* { dg-bogus "leak" } */
}

int guarded_free_bad (const char *name, int verbose)
{
  int owned = name != NULL;
  char *buf = NULL;
  if (owned)
    buf = malloc (16);
  if (verbose)
    free (buf);
  return 0; /* { dg-warning "leak of 'buf'" } */
}

/* A store to one global is not a store to another, nor (when the global
   is static and its address never taken) to memory a pointer reaches.  */
char list_flag;
int lines_out;
struct node { int type; struct node *link; };
struct node *stack_top;
static int pushes;

int other_global_ok (void)
{
  int state;
  if (!list_flag)
    state = -1;
  lines_out++;
  if (!list_flag)
    return state; /* { dg-bogus "uninitialized" } */
  return 0;
}

int unaddressed_static_ok (void)
{
  int a;
  struct node *n;
  if (stack_top == 0 || stack_top->link == 0 || stack_top->link->type != 1)
    return 0;
  n = stack_top->link;
  pushes = 5;
  if (n->type != 0)
    a = n->type;
  return a; /* { dg-bogus "uninitialized" } */
}

int same_global_bad (void)
{
  int state;
  if (!list_flag)
    state = -1;
  list_flag = 0;
  if (!list_flag)
    return state; /* { dg-warning "use of uninitialized value 'state'" } */
  return 0;
}

/* A C library function changes only the library's globals and what its
   arguments reach: the program's own globals, and what they point to,
   stay as they were across fork () or getenv ().  */
#include <unistd.h>
struct config { unsigned options; };
extern struct config *config;
static int piped;

int fork_keeps_globals_ok (const char *cmd)
{
  int fds[2];
  piped = cmd[0] == '|';
  if (!(config->options & 64) && pipe (fds) == -1)
    return -1;
  pid_t pid = fork ();
  if (pid == -1)
    {
      if (!(config->options & 64))
        {
          close (fds[0]); /* { dg-bogus "uninitialized" } */
          close (fds[1]); /* { dg-bogus "uninitialized" } */
        }
      return -1;
    }
  if (pid != 0)
    {
      if (!(config->options & 64))
        {
          close (fds[1]); /* { dg-bogus "uninitialized" } */
          close (fds[0]); /* { dg-bogus "uninitialized" } */
        }
      return piped;
    }
  if (piped && !(config->options & 64))
    dup2 (fds[0], 0); /* { dg-bogus "uninitialized" } */
  _exit (0);
}

#include <time.h>
static struct timespec now;

int library_writes_its_argument_bad (void)
{
  int state;
  if (now.tv_sec)
    state = 1;
  clock_gettime (CLOCK_MONOTONIC, &now);
  if (now.tv_sec)
    return state; /* { dg-warning "use of uninitialized value 'state'" } */
  return 0;
}

/* A count made by one loop guards an allocation and its release around a
   second loop: what the guard learned of the count survives that loop.  */
extern int kinds[];
extern int nitems;

int counted_ok (void)
{
  int cnt = 0, j = 0;
  short *offs = NULL;
  for (int i = 0; i < nitems; i++)
    if (kinds[i] != 1)
      cnt++;
  if (cnt > 0)
    {
      offs = calloc (cnt + 1, sizeof *offs);
      if (!offs)
        abort ();
      for (int i = 0; i < nitems; i++)
        if (kinds[i] != 1)
          offs[++j] = (short) i;
    }
  if (cnt > 0)
    free (offs);
  return j; /* { dg-bogus "leak" } */
}

/* A local flag set beside an acquisition in a loop ("found = 1" with the
   fopen) keeps its value while the stream is tracked: the stream is opened
   once, and replaced by stdin only when it was not.  */
#include <stdio.h>
#include <string.h>
__attribute__ ((noreturn)) void usage (int);

int main (int argc, char **argv)
{
  FILE *input;
  int found = 0, mode = -1;
  for (int i = 1; i < argc; i++)
    {
      if (strncmp (argv[i], "--mode", 6) == 0)
        {
          if (i + 1 == argc)
            usage (1);
          i++;
          if (strncmp (argv[i], "keep", 4) == 0)
            mode = 0;
          else if (strncmp (argv[i], "on", 2) == 0)
            mode = 1;
          else if (strncmp (argv[i], "off", 3) == 0)
            mode = -1;
          else
            usage (1);
        }
      else if (strncmp (argv[i], "-h", 2) == 0)
        usage (0);
      else if (!found)
        {
          input = fopen (argv[i], "r"); /* { dg-bogus "leak" } */
          found = 1;
        }
      else
        usage (1);
    }
  if (!found)
    input = stdin; /* { dg-bogus "leak" } */
  if (!input)
    return 1;
  int c = fgetc (input);
  fclose (input);
  return c + mode;
}

/* A stored comparison ("keep_going = idx < len") keeps what the first
   branch on it learned after idx and len are no longer used: the second
   test decides the same way (jq's EACH opcode).  */
void *get_at (int);
void release (void *);
extern int raising;

void stored_truth_ok (int idx, int len)
{
  void *value;
  int keep_going = idx < len;
  if (keep_going)
    value = get_at (idx);
  if (!keep_going || raising)
    {
      if (keep_going)
        release (value); /* { dg-bogus "uninitialized" } */
      return;
    }
  release (value); /* { dg-bogus "uninitialized" } */
}

void stored_truth_bad (int idx, int len)
{
  void *value;
  int keep_going = idx < len;
  if (keep_going)
    value = get_at (idx);
  if (!keep_going)
    release (value); /* { dg-warning "use of uninitialized value 'value'" } */
}

/* Memory a loop does not change keeps, when the engine generalizes the
   loop's states, what branches learned of it: an allocator that dies
   unless the size was 0 (nettle's xalloc) gives a buffer of 0 bytes,
   used round the loop with the size read again.  */
#include <string.h>

struct cipher_info { unsigned context_size, block_size; };

void *alloc_or_abort (size_t size)
{
  void *p = malloc (size);
  if (size && !p)
    abort ();
  return p;
}

void cipher_loop_ok (const struct cipher_info *c, const unsigned char *src, size_t n)
{
  void *ctx = alloc_or_abort (c->context_size);
  unsigned char *iv = alloc_or_abort (c->block_size);
  for (size_t k = 1; k <= n; k++)
    memcpy (iv, src, c->block_size); /* { dg-bogus "NULL" } */
  free (iv);
  free (ctx);
}

/* (malloc itself may give NULL whatever the size.)  */
void cipher_loop_bad (const struct cipher_info *c, const unsigned char *src, size_t n)
{
  void *ctx = alloc_or_abort (c->context_size);
  unsigned char *iv = malloc (c->block_size);
  for (size_t k = 1; k <= n; k++)
    memcpy (iv, src, c->block_size); /* { dg-warning "NULL 'iv'" } */
  free (iv);
  free (ctx);
}

/* A function stepped into keeps what it was given, and what the path
   learned of it, while a function it calls is generalized (tmux's
   window_copy_search_jump: its caller's "regex", 0 or not, guards the
   regcomp and the regfree around searches whose loops have many
   states).  */
int cell_at (int line, int col);
int search_mode (void);
const char *search_pattern (void);
void note_cells (int);

static int
match_line (int line, int width, const regex_t *re)
{
  char buf[64];
  int n = 0, tabs = 0, wide = 0;
  for (int col = 0; col < width && n < 63; col++)
    {
      int c = cell_at (line, col);
      if (c == '\t')
        tabs++;
      else if (c > 127)
        wide++;
      else if (c == 0)
        continue;
      buf[n++] = (char) c;
    }
  buf[n] = 0;
  note_cells (tabs + wide);
  return regexec (re, buf, 0, NULL, 0) == 0;
}

static int
search_lines (const char *text, int lines, int width, int regex)
{
  regex_t re;
  int found = 0, i;
  if (regex && regcomp (&re, text, 0) != 0)
    return 0;
  for (i = 0; i < lines; i++)
    {
      if (regex)
        found = match_line (i, width, &re);
      else
        found = cell_at (i, 0) == text[0];
      if (found)
        break;
    }
  if (regex)
    regfree (&re);
  return found ? i : -1;
} /* { dg-bogus "leak" } */

int
find_line_ok (int lines, int width)
{
  const char *text = search_pattern ();
  int regex = search_mode ();
  if (regex && text[0] == 0)
    regex = 0;
  return search_lines (text, lines, width, regex);
}

/* (Freed only when something was found.)  */
static int
search_found (const char *text, int lines, int width, int regex)
{
  regex_t re;
  int found = 0, i;
  if (regex && regcomp (&re, text, 0) != 0)
    return 0;
  for (i = 0; i < lines; i++)
    {
      if (regex)
        found = match_line (i, width, &re);
      else
        found = cell_at (i, 0) == text[0];
      if (found)
        break;
    }
  if (regex && found)
    regfree (&re);
  return found ? i : -1;
} /* { dg-warning "leak" } */

int
find_line_bad (int lines, int width)
{
  const char *text = search_pattern ();
  int regex = search_mode ();
  if (regex && text[0] == 0)
    regex = 0;
  return search_found (text, lines, width, regex);
}
