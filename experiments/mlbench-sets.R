# Held-out real data sets for csc: nine UCI tables from R's mlbench package that are not among the
# shared sets (docs/results/99f-held-out-sets.md). They are not kept in the repository; this script
# writes them as CSV files (features, then a 'label' column of class indices 0..k-1).
#
#   apt-get install r-cran-mlbench              # Debian's package of mlbench 2.1-3
#   Rscript experiments/mlbench-sets.R OUTDIR    # dna, shuttle, satellite, vehicle, vowel, sonar, pima, zoo, votes
#
# Factor features become their numeric values when they have them (DNA's 0/1), else their level
# index; logical features 0/1; rows with a missing value are dropped (HouseVotes84: 232 of 435 kept).
library(mlbench)
args <- commandArgs(trailingOnly = TRUE)
out <- if (length(args) >= 1) args[1] else "."
dir.create(out, showWarnings = FALSE, recursive = TRUE)

write_set <- function(name, d, label_column) {
  y <- d[[label_column]]
  d[[label_column]] <- NULL
  d[] <- lapply(d, function(x) if (is.logical(x)) as.numeric(x) else x)
  x <- sapply(d, function(column) {
    if (is.factor(column)) {
      values <- suppressWarnings(as.numeric(as.character(column)))
      if (any(is.na(values) & !is.na(column))) values <- as.numeric(column)
      values
    } else {
      as.numeric(column)
    }
  })
  keep <- complete.cases(x)
  frame <- data.frame(x[keep, , drop = FALSE])
  frame$label <- as.integer(factor(y[keep])) - 1
  write.csv(frame, file.path(out, paste0(name, ".csv")), row.names = FALSE, quote = FALSE)
  sizes <- table(frame$label)
  cat(sprintf("%-10s %6d points %4d features %3d classes, largest %.3f, smallest %d points\n", name,
              nrow(frame), ncol(frame) - 1, length(sizes), max(sizes) / nrow(frame), min(sizes)))
}

data(DNA); write_set("dna", DNA, "Class")
data(Shuttle); write_set("shuttle", Shuttle, "Class")
data(Satellite); write_set("satellite", Satellite, "classes")
data(Vehicle); write_set("vehicle", Vehicle, "Class")
data(Vowel); write_set("vowel", Vowel, "Class")
data(Sonar); write_set("sonar", Sonar, "Class")
data(PimaIndiansDiabetes); write_set("pima", PimaIndiansDiabetes, "diabetes")
data(Zoo); write_set("zoo", Zoo, "type")
data(HouseVotes84); write_set("votes", HouseVotes84, "Class")
