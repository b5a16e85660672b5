/* specs/regex.toml: regex_t compiled by regcomp and never freed, used or
   freed again after regfree.  */
#include <regex.h>
#include <stdlib.h>

int match_leak_bad (const char *pattern, const char *text)
{
  regex_t re;
  if (regcomp (&re, pattern, REG_EXTENDED | REG_NOSUB) != 0) /* { dg-message "\\(1\\) compiled here" } */
    return -1;
  if (regexec (&re, text, 0, NULL, 0) == 0)
    return 1;
  regfree (&re);
  return 0;
} /* { dg-warning "regex_t '&re' is never freed \\(leak of its memory\\) \\\[CWE-401\\\] \\\[-Wanalyzer-regex-leak\\\]" } */

int match_ok (const char *pattern, const char *text)
{
  regex_t re;
  if (regcomp (&re, pattern, REG_EXTENDED | REG_NOSUB) != 0)
    return -1;
  int r = regexec (&re, text, 0, NULL, 0) == 0;
  regfree (&re);
  return r;
}

int exec_after_free_bad (const char *pattern, const char *text)
{
  regex_t re;
  if (regcomp (&re, pattern, 0) != 0)
    return -1;
  regfree (&re); /* { dg-message "freed here" } */
  return regexec (&re, text, 0, NULL, 0); /* { dg-warning "'regexec' on regex_t '&re' after 'regfree' \\\[CWE-416\\\]" } */
}

void double_free_bad (const char *pattern)
{
  regex_t re;
  if (regcomp (&re, pattern, 0) != 0)
    return;
  regfree (&re);
  regfree (&re); /* { dg-warning "'regfree' of regex_t '&re', already freed \\\[CWE-415\\\]" } */
}

/* Kept in the caller's struct: the caller's to free.  */
struct filter { regex_t re; int on; };
int filter_init_ok (struct filter *f, const char *pattern)
{
  f->on = 1;
  return regcomp (&f->re, pattern, 0);
}

/* Across functions: freed by a helper, used by the caller.  */
static void release (regex_t *re)
{
  regfree (re); /* { dg-message "freed here" } */
}

int helper_bad (const char *pattern, const char *text)
{
  regex_t re;
  if (regcomp (&re, pattern, 0) != 0)
    return -1;
  release (&re);
  return regexec (&re, text, 0, NULL, 0); /* { dg-warning "'regexec' on regex_t '&re' after 'regfree'" } */
}
