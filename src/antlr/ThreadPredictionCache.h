//===- ThreadPredictionCache.h - Parsing without the runtime's lock -*- C++ -*-===//
//
// ANTLR 4.9's C++ runtime shares each grammar's prediction DFAs between all
// the parsers of a process and guards every DFA edge it reads with one
// process-wide lock (ATNSimulator::_edgeLock, a mutex taken twice per
// read), so two threads parsing at once mostly wait on each other: -j2 ran
// CQL files no faster than -j1. Here each thread owns its own DFAs and
// prediction-context cache, so no other thread ever touches them and the
// edge reads and writes need no lock. The cost is one warm-up per thread
// (the first statements of each kind predict through the ATN) and one set
// of DFAs per thread.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_ANTLR_THREADPREDICTIONCACHE_H
#define NOSQLINT_ANTLR_THREADPREDICTIONCACHE_H

#include "antlr4-runtime.h"

#include <memory>
#include <unordered_map>
#include <vector>

namespace nosqlint::antlr {

/// One grammar's prediction caches, owned by one thread.
struct ThreadPredictionCache {
  std::vector<antlr4::dfa::DFA> Dfas;
  antlr4::atn::PredictionContextCache Contexts;

  /// The calling thread's caches for the grammar of \p Atn.
  static ThreadPredictionCache &of(const antlr4::atn::ATN &Atn) {
    thread_local std::unordered_map<const antlr4::atn::ATN *,
                                    std::unique_ptr<ThreadPredictionCache>>
        Caches;
    std::unique_ptr<ThreadPredictionCache> &C = Caches[&Atn];
    if (!C) {
      C = std::make_unique<ThreadPredictionCache>();
      size_t N = Atn.getNumberOfDecisions();
      C->Dfas.reserve(N);
      for (size_t I = 0; I < N; ++I)
        C->Dfas.emplace_back(Atn.getDecisionState(I), I);
    }
    return *C;
  }
};

/// The runtime's parser simulator over thread-owned caches: its two DFA
/// edge accessors without the lock (the runtime's own code otherwise).
class ThreadParserSimulator : public antlr4::atn::ParserATNSimulator {
public:
  ThreadParserSimulator(antlr4::Parser *P, const antlr4::atn::ATN &Atn)
      : ThreadParserSimulator(P, Atn, ThreadPredictionCache::of(Atn)) {}

protected:
  antlr4::dfa::DFAState *getExistingTargetState(antlr4::dfa::DFAState *From,
                                                size_t T) override {
    auto It = From->edges.find(T);
    return It == From->edges.end() ? nullptr : It->second;
  }

  antlr4::dfa::DFAState *addDFAEdge(antlr4::dfa::DFA &Dfa,
                                    antlr4::dfa::DFAState *From, ssize_t T,
                                    antlr4::dfa::DFAState *To) override {
    if (!To)
      return nullptr;
    To = addDFAState(Dfa, To); // an equal existing state if there is one
    if (!From || T > static_cast<ssize_t>(atn.maxTokenType))
      return To;
    From->edges[T] = To;
    return To;
  }

private:
  ThreadParserSimulator(antlr4::Parser *P, const antlr4::atn::ATN &Atn,
                        ThreadPredictionCache &C)
      : antlr4::atn::ParserATNSimulator(P, Atn, C.Dfas, C.Contexts) {}
};

/// A generated parser that predicts with the calling thread's caches. The
/// parser must be used on the thread that made it.
template <typename GeneratedParser>
class ThreadCachedParser : public GeneratedParser {
public:
  explicit ThreadCachedParser(antlr4::TokenStream *Input)
      : GeneratedParser(Input) {
    // The generated constructor made a simulator over the shared caches;
    // the generated destructor deletes whichever is set.
    delete this->_interpreter;
    this->_interpreter = new ThreadParserSimulator(this, this->getATN());
  }
};

} // namespace nosqlint::antlr

#endif
