# The reference for packages/domain/src/rules/survival-*.ts: R's survival package with its defaults.
# Usage: Rscript survival-reference.R observations.csv 365,1825,3650
# The CSV has columns time (days) and outcome (censored, event or competing). Prints one JSON object:
# Kaplan–Meier freedom from the event (competing events censored) and the multi-state fit, each as the
# fit's rows and as summary(fit, times = ...); non-finite numbers and NA are null.
suppressPackageStartupMessages(library(survival))

args <- commandArgs(trailingOnly = TRUE)
observations <- read.csv(args[1], stringsAsFactors = FALSE)
times <- as.numeric(strsplit(args[2], ",")[[1]])

numbers <- function(x) {
  x <- as.vector(x)
  paste0("[", paste(ifelse(is.finite(x), sprintf("%.17g", x), "null"), collapse = ","), "]")
}
object <- function(fields) {
  paste0("{", paste(sprintf('"%s":%s', names(fields), fields), collapse = ","), "}")
}
kaplan_meier_rows <- function(rows) {
  # summary() gives the standard error of survival itself; the fit keeps it on the log scale.
  std_err <- if (inherits(rows, "summary.survfit")) rows$std.err else rows$std.err * rows$surv
  object(list(time = numbers(rows$time), n.risk = numbers(rows$n.risk), n.event = numbers(rows$n.event),
              n.censor = numbers(rows$n.censor), surv = numbers(rows$surv), std.err = numbers(std_err),
              lower = numbers(rows$lower), upper = numbers(rows$upper)))
}
multi_state_rows <- function(rows, states) {
  # n.risk counts those in each state; the number at risk is the count in the initial state, (s0).
  initial <- match("(s0)", states)
  event <- match("event", states)
  competing <- match("competing", states)
  object(list(time = numbers(rows$time), n.risk = numbers(rows$n.risk[, initial]),
              n.event = numbers(rows$n.event[, event]), n.competing = numbers(rows$n.event[, competing]),
              n.censor = numbers(rows$n.censor),
              event.pstate = numbers(rows$pstate[, event]), event.std.err = numbers(rows$std.err[, event]),
              event.lower = numbers(rows$lower[, event]), event.upper = numbers(rows$upper[, event]),
              competing.pstate = numbers(rows$pstate[, competing]),
              competing.std.err = numbers(rows$std.err[, competing]),
              competing.lower = numbers(rows$lower[, competing]),
              competing.upper = numbers(rows$upper[, competing])))
}

km <- survfit(Surv(time, outcome == "event") ~ 1, data = observations)
observations$state <- factor(observations$outcome, levels = c("censored", "event", "competing"))
aj <- survfit(Surv(time, state) ~ 1, data = observations)

cat(object(list(
  versions = sprintf('{"R":"%s","survival":"%s"}', getRversion(), packageVersion("survival")),
  kaplanMeier = kaplan_meier_rows(km),
  kaplanMeierAtTimes = kaplan_meier_rows(summary(km, times = times)),
  multiState = multi_state_rows(aj, aj$states),
  multiStateAtTimes = multi_state_rows(summary(aj, times = times), aj$states)
)), "\n")
