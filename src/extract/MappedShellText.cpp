//===- MappedShellText.cpp - Shell text decoded from a file's bytes -------===//
#include "MappedShellText.h"

#include <algorithm>

namespace nosqlint::extract {

MappedShellText::MappedShellText(const ShellWord &W) {
  for (const ShellPiece &P : W.Pieces) {
    if (P.Kind == ShellPiece::Verbatim)
      appendExact(P.Text, P.Begin);
    else if (P.Kind == ShellPiece::Mapped)
      appendMapped(P.Text, P.Begin, P.Length);
    else // expanded before the text is read again: a value not known here
      appendHole(P.Begin, P.Length);
  }
  End = W.End;
}

void MappedShellText::appendExact(llvm::StringRef B, uint32_t FileBegin) {
  for (size_t I = 0; I < B.size(); ++I) {
    Text += B[I];
    Bytes.push_back({FileBegin + static_cast<uint32_t>(I), 1, true, false});
  }
  End = std::max<uint32_t>(End, FileBegin + B.size());
}

void MappedShellText::appendMapped(llvm::StringRef B, uint32_t FileBegin,
                                   uint32_t FileLength) {
  for (char C : B) {
    Text += C;
    Bytes.push_back({FileBegin, FileLength, false, false});
  }
  End = std::max(End, FileBegin + FileLength);
}

void MappedShellText::appendHole(uint32_t FileBegin, uint32_t FileLength) {
  // A letter: a word byte in every shell context, whatever the value is.
  for (uint32_t I = 0; I < std::max<uint32_t>(FileLength, 1); ++I) {
    Text += 'x';
    Bytes.push_back({FileBegin, FileLength, false, true});
  }
  End = std::max(End, FileBegin + FileLength);
}

uint32_t MappedShellText::fileBegin(uint32_t I) const {
  return I < Bytes.size() ? Bytes[I].Begin : End;
}

uint32_t MappedShellText::fileEnd(uint32_t I) const {
  return I == 0 ? fileBegin(0) : Bytes[I - 1].Begin + Bytes[I - 1].Length;
}

void MappedShellText::splitHoles(ShellWord &W) const {
  std::vector<ShellPiece> Out;
  for (const ShellPiece &P : W.Pieces) {
    if (P.Kind != ShellPiece::Verbatim) {
      Out.push_back(P);
      continue;
    }
    uint32_t B = std::min<uint32_t>(P.Begin, Bytes.size());
    uint32_t E = std::min<uint32_t>(P.Begin + P.Length, Bytes.size());
    for (uint32_t I = B; I < E;) {
      uint32_t J = I + 1;
      bool Hole = Bytes[I].Hole;
      while (J < E && Bytes[J].Hole == Hole &&
             (!Hole || Bytes[J].Begin == Bytes[I].Begin))
        ++J;
      ShellPiece Q = P;
      Q.Begin = I;
      Q.Length = J - I;
      if (Hole) {
        Q.Kind = ShellPiece::Expansion;
        Q.Text.clear();
        Q.Name.clear();
      } else {
        Q.Text = Text.substr(I, J - I);
      }
      Out.push_back(std::move(Q));
      I = J;
    }
  }
  W.Pieces = std::move(Out);
}

void MappedShellText::mapWord(ShellWord &W) const {
  splitHoles(W);
  std::vector<ShellPiece> Out;
  for (const ShellPiece &P : W.Pieces) {
    uint32_t B = std::min<uint32_t>(P.Begin, Bytes.size());
    uint32_t E = std::min<uint32_t>(P.Begin + P.Length, Bytes.size());
    if (P.Kind != ShellPiece::Verbatim) {
      ShellPiece Q = P;
      Q.Begin = fileBegin(B);
      Q.Length = std::max(Q.Begin, fileEnd(E)) - Q.Begin;
      Out.push_back(std::move(Q));
      continue;
    }
    // Split where the file bytes stop following each other.
    for (uint32_t I = B; I < E;) {
      ShellPiece Q = P;
      Q.Begin = Bytes[I].Begin;
      if (!Bytes[I].Exact) {
        Q.Kind = ShellPiece::Mapped;
        Q.Text = std::string(1, Text[I]);
        Q.Length = Bytes[I].Length;
        Out.push_back(std::move(Q));
        ++I;
        continue;
      }
      uint32_t J = I + 1;
      while (J < E && Bytes[J].Exact && Bytes[J].Begin == Bytes[J - 1].Begin + 1)
        ++J;
      Q.Text = Text.substr(I, J - I);
      Q.Length = J - I;
      Out.push_back(std::move(Q));
      I = J;
    }
  }
  W.Pieces = std::move(Out);
  uint32_t B = std::min<uint32_t>(W.Begin, Bytes.size());
  uint32_t E = std::min<uint32_t>(W.End, Bytes.size());
  W.Begin = fileBegin(B);
  W.End = std::max(W.Begin, fileEnd(E));
}

void MappedShellText::keepExpansionText(ShellWord &W) const {
  for (ShellPiece &P : W.Pieces) {
    if (P.Kind != ShellPiece::Expansion)
      continue;
    P.Kind = ShellPiece::Verbatim;
    P.Text = Text.substr(std::min<size_t>(P.Begin, Text.size()), P.Length);
    P.Name.clear();
  }
  W.Broken = false;
}

std::vector<ShellCommand> MappedShellText::readCommands(bool Expands) const {
  std::vector<ShellCommand> Commands = readShellCommands(Text);
  for (ShellCommand &C : Commands) {
    for (ShellWord &W : C.Words) {
      if (!Expands)
        keepExpansionText(W);
      mapWord(W);
    }
    for (ShellRedirect &R : C.Redirects)
      mapWord(R.Target);
  }
  return Commands;
}

ShellWord MappedShellText::asWord() const {
  ShellWord W;
  W.Begin = 0;
  W.End = static_cast<uint32_t>(Text.size());
  W.AnyQuote = true;
  if (!Text.empty()) {
    ShellPiece P;
    P.Kind = ShellPiece::Verbatim;
    P.Text = Text;
    P.Begin = 0;
    P.Length = static_cast<uint32_t>(Text.size());
    P.Quoted = true;
    W.Pieces.push_back(std::move(P));
  }
  mapWord(W);
  return W;
}

} // namespace nosqlint::extract
