/* Calls through read-only tables of function pointers reach the function
   the table names.  */
#include <stdlib.h>

struct ops {
  const char *name;
  void (*release) (void *);
  void (*touch) (void *);
};

static void release_heap (void *p) { free (p); }
static void touch (void *p) { (void) p; }

static const struct ops heap_ops = { "heap", release_heap, touch };

void release_through_table_bad (void)
{
  char *p = malloc (10);
  heap_ops.release (p); /* { dg-message "calling 'release_heap' from 'release_through_table_bad'" } */
  free (p); /* { dg-warning "double-'free' of 'p'" } */
}

void touch_through_table_ok (void)
{
  char *p = malloc (10);
  heap_ops.touch (p);
  free (p);
}

void through_pointer_to_table_bad (const struct ops *o)
{
  char *p = malloc (10);
  if (o == NULL)
    o = &heap_ops;
  o->release (p);
  if (o == &heap_ops)
    free (p); /* { dg-warning "double-'free' of 'p'" } */
}

static void release_other (void *p) { free (p); } /* { dg-warning "double-'free' of 'p'" } */

/* An array of structs holding tables, indexed by a value the engine knows
   (GCC folds a constant index itself). */
struct entry { int id; struct ops o; };
static const struct entry entries[2] = { { 1, { "a", touch, release_other } },
                                         { 2, { "b", touch, touch } } };

void nested_table_bad (void)
{
  int k = 0;
  char *p = malloc (10);
  entries[k + 1].o.release (p);
  entries[k].o.release (p);
  entries[k].o.touch (p);
  entries[k].o.touch (p); /* { dg-message "passing freed pointer 'p' in call to 'release_other'" } */
}

void unknown_index_ok (int i)
{
  char *p = malloc (10);
  entries[i].o.touch (p); /* any entry: an unknown function */
}

/* A read-only table of settings holds the addresses of the variables it
   sets (gawk's debugger options): an entry the path knows is that
   variable's address, so what is stored or read through it is the
   variable's.  */
static char *output_name;
static int history_size;

struct setting {
  const char *name;
  int *number;
  char **text;
};

static const struct setting settings[] = {
  { "history_size", &history_size, NULL },
  { "outfile", NULL, &output_name },
};

static void release_text (int k)
{
  free (*settings[k].text);
}

static int number_of (int k)
{
  return *settings[k].number;
}

void setting_freed_twice_bad (void)
{
  release_text (1);
  free (output_name); /* { dg-warning "double-'free'" } */
}

void setting_freed_once_ok (void)
{
  release_text (1);
  output_name = NULL;
  free (output_name);
}

int setting_number_ok (void)
{
  history_size = 3;
  return 10 / (number_of (0) - 2); /* { dg-bogus "division by zero" } */
}

int setting_number_bad (void)
{
  history_size = 2;
  return 10 / (number_of (0) - 2); /* { dg-warning "division by zero" } */
}
